import FileOutput
import Foundation
import Fuzzing

#if FUZZING
/// libFuzzer's driver, from the fuzzer runtime that `-sanitize=fuzzer` links.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// The entry point under `make fuzz` (built with `-sanitize=fuzzer` and `-D FUZZING`):
/// SwiftPM links an executable's entry as `<module>_main`, so this hands the command line to
/// libFuzzer's driver instead of relying on the runtime's own `main`.
@_cdecl("parallax_fuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments) { data, size in fuzzOneInput(data, size) }
}

/// One input, as libFuzzer hands it over (the runtime also looks this symbol up by name).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    FuzzTargets.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
#else
/// Without the fuzzer: `--seeds DIR` writes the seed corpus into DIR; otherwise runs every
/// file given (or every file in the folders given) through the targets, as libFuzzer would
/// replay a corpus.
@main
struct FuzzCorpusRunner {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "--seeds", arguments.count == 2 {
            try? FileManager.default.createDirectory(atPath: arguments[1], withIntermediateDirectories: true)
            for seed in FuzzTargets.seeds {
                do { try OutputFile.write(Data(seed.bytes), to: arguments[1] + "/" + seed.name, durability: .cache) } catch {
                    FileHandle.standardError.write(Data("\(error.message)\n".utf8))
                    exit(1)
                }
            }
            print("wrote \(FuzzTargets.seeds.count) seeds to \(arguments[1])")
            return
        }
        var count = 0
        for argument in arguments {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder) else {
                FileHandle.standardError.write(Data("no such file: \(argument)\n".utf8))
                exit(2)
            }
            let files = isFolder.boolValue
                ? ((try? FileManager.default.contentsOfDirectory(atPath: argument)) ?? []).sorted().map { argument + "/" + $0 }
                : [argument]
            for file in files {
                guard let data = FileManager.default.contents(atPath: file) else { continue }
                FuzzTargets.run(Array(data))
                count += 1
            }
        }
        print("ran \(count) inputs")
    }
}
#endif
