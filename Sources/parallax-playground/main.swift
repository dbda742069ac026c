import PlaygroundCLI

// The commands live in the PlaygroundCLI library, where the fuzzer and the tests reach them too.
ParallaxPlayground.main()
