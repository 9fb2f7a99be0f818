package i18n

var es = Catalog{}
