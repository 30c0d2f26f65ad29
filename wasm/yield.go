//go:build js && wasm

package main

import "runtime"

// The collector's background mark worker runs only when a goroutine
// yields, and an export never does: a cycle's marking is left to the
// allocation assists of later calls, paced to end near the heap goal, so
// write barriers stay on for about a third of all calls (a loop of POSTs:
// 80 ms of marking in a 220 ms cycle, for under 2 ms of marking work),
// each paying for every pointer it stores. Yielding now and then lets the
// worker finish a cycle's marking at once. With no cycle running a yield
// finds nothing else to run and costs about 0.3 µs, so every yieldEvery
// calls it costs next to nothing.
const yieldEvery = 64

var sinceYield int

// yieldSometimes is called at the start of every export that allocates.
func yieldSometimes() {
	if sinceYield++; sinceYield >= yieldEvery {
		sinceYield = 0
		runtime.Gosched()
	}
}
