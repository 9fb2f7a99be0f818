package render

// TableTopMaxPixels bounds the painted size of a table top (see
// tableTopMaxPixels): render/sprites paints the pages' table top within
// it too, stretched over a bigger page.
const TableTopMaxPixels = tableTopMaxPixels
