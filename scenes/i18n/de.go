package i18n

var de = Catalog{}
