package main

import "shiftago/wasm/searcher/worker"

func main() { worker.Serve() }
