package i18n

var it = Catalog{}
