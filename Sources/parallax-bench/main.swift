import PlaygroundCLI

// As parallax-playground starts: the same malloc setting, SIGPIPE and error reporting (bad
// input: status 2), so that `parallax-playground bench`, which becomes this program, ends as
// it did when the bench ran inside the app.
CommandLineProgram.prepare()
CommandLineProgram.run(ParallaxBench.self)
