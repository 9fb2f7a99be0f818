package i18n

var fr = Catalog{}
