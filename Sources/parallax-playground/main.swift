import PlaygroundCLI
import PlaygroundCommands

// The commands are declared in PlaygroundCommands (where the fuzzer parses them) and run by PlaygroundCLI.
ParallaxPlayground.main()
