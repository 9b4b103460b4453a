import TSBenchCommands

// The command line lives in TSBenchCommands, so a package that brings its own strategy
// can run the same commands (see Examples/).
await TSBench.main(registering: [])
