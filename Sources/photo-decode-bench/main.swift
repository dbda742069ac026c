// photo-decode-bench: how fast PhotoPipeline turns a folder of JPEGs into cell-sized pixels.
//
//   photo-decode-bench DIR [--size WxH] [--threads N] [--fit cover|crop|fit]
//       decodes every JPEG in DIR with a PhotoLoader of N workers; prints source megapixels
//       per second (the same work as `vipsthumbnail --size WxH` with N files at a time).
//   photo-decode-bench --leak FILE [--times N] [--size WxH]
//       decodes FILE N times on one thread and prints the resident set size as it goes
//       (a bad FILE is fine: its failures are counted, and must not leak either).
//   photo-decode-bench --header FILE [--times N] [--size WxH]
//       times PhotoHeader.read, a preview and a cell-sized decode against a full-size decode.
//
// A measurement, not a test: numbers depend on the machine. Exit status 2 on bad arguments.

import Foundation
import ParallaxKit
import PhotoPipeline

struct Options {
    var folder: String?
    var leakFile: String?
    var headerFile: String?
    var size = PixelSize(width: 400, height: 300)
    var threads = PhotoLoader.defaultWorkerCount
    var fit = PhotoFit.fit
    var times = 2_000
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("photo-decode-bench: \(message)\n".utf8))
    exit(2)
}

func parse(_ arguments: [String]) -> Options {
    var options = Options()
    var rest = arguments[...]
    func value(_ flag: String) -> String {
        guard let next = rest.popFirst() else { fail("\(flag) needs a value") }
        return next
    }
    func number(_ flag: String, _ range: ClosedRange<Int>) -> Int {
        let text = value(flag)
        guard let n = Int(text), range.contains(n) else {
            fail("\(flag) \(text.prefix(20)): expected a whole number in \(range.lowerBound)…\(range.upperBound)")
        }
        return n
    }
    while let argument = rest.popFirst() {
        switch argument {
        case "--size":
            let text = value(argument)
            let parts = text.split(separator: "x").compactMap { Int($0) }
            guard parts.count == 2, parts.allSatisfy({ (1...PhotoDecoder.maxTargetSide).contains($0) }) else {
                fail("--size \(text.prefix(20)): expected WxH, each 1…\(PhotoDecoder.maxTargetSide)")
            }
            options.size = PixelSize(width: parts[0], height: parts[1])
        case "--threads": options.threads = number(argument, 1...64)
        case "--times": options.times = number(argument, 1...1_000_000)
        case "--fit":
            switch value(argument) {
            case "cover": options.fit = .cover
            case "crop": options.fit = .coverCropped
            case "fit": options.fit = .fit
            default: fail("--fit: expected cover, crop or fit")
            }
        case "--leak": options.leakFile = value(argument)
        case "--header": options.headerFile = value(argument)
        case "-h", "--help":
            print("usage: photo-decode-bench DIR [--size WxH] [--threads N] [--fit cover|crop|fit]\n"
                + "       photo-decode-bench --leak FILE [--times N] [--size WxH]\n"
                + "       photo-decode-bench --header FILE [--times N]")
            exit(0)
        default:
            guard !argument.hasPrefix("-"), options.folder == nil else {
                fail("unexpected argument \(argument.prefix(40))")
            }
            options.folder = argument
        }
    }
    return options
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// Resident set size in MB, from /proc/self/statm (its second field, in pages).
func residentMB() -> Double {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return -1 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Double(fields[1]) else { return -1 }
    return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
}

func benchFolder(_ folder: String, _ options: Options) {
    let scanned: PhotoFolder
    do { scanned = try PhotoFolder.scan(folder) } catch { fail("\(error)") }
    let jpegs = scanned.entries.filter {
        ["jpg", "jpeg"].contains(($0.name as NSString).pathExtension.lowercased())
    }
    guard !jpegs.isEmpty else { fail("\(folder): no JPEG files") }
    var sourcePixels = 0
    for entry in jpegs {
        if let header = try? PhotoHeader.read(path: entry.path) { sourcePixels += header.width * header.height }
    }
    let clock = ContinuousClock()
    let start = clock.now
    let loader = PhotoLoader(workers: options.threads)
    loader.submit(jpegs.enumerated().map { index, entry in
        PhotoRequest(id: index, path: entry.path, size: options.size, fit: options.fit)
    })
    var done = 0, failures = 0, outputPixels = 0
    while done < jpegs.count {
        let results = loader.takeFinished(max: 64)
        if results.isEmpty { Thread.sleep(forTimeInterval: 0.0005) }
        for result in results {
            done += 1
            switch result.outcome {
            case .success(let photo): outputPixels += photo.size.width * photo.size.height
            case .failure(let problem):
                failures += 1
                print("  \(result.request.path): \(problem)")
            }
        }
    }
    let elapsed = seconds(clock.now - start)
    loader.shutdown()
    let megapixels = Double(sourcePixels) / 1e6
    print(String(format: "%d JPEGs, %.1f MP of source, %d threads, %@ %@: %.3f s, %.1f MP/s, %.1f files/s, %d failed, output %.2f MP",
                 jpegs.count, megapixels, options.threads, "\(options.fit)", options.size.description,
                 elapsed, megapixels / elapsed, Double(jpegs.count) / elapsed, failures,
                 Double(outputPixels) / 1e6))
}

func leakCheck(_ file: String, _ options: Options) {
    let decoder = PhotoDecoder()
    var checkpoints: [Int] = [100, 500, 1_000, 2_000, 5_000, 10_000].filter { $0 < options.times }
    checkpoints.append(options.times)
    var last = 0, failures = 0
    print("decoding \(file) to \(options.size), \(options.times) times")
    for target in checkpoints {
        for _ in last..<target {
            // Failures count too: error paths are where C libraries most often leak.
            do { _ = try decoder.decode(path: file, size: options.size, fit: options.fit) } catch {
                failures += 1
            }
        }
        last = target
        print(String(format: "after %6d decodes: RSS %.1f MB, %d failed", target, residentMB(), failures))
    }
}

func headerTiming(_ file: String, _ options: Options) {
    let clock = ContinuousClock()
    let times = min(options.times, 200)
    var header: PhotoHeader?
    let startup = clock.measure { PhotoDecoder.prepare() }
    // The first read is the honest one: later reads of the same file may come from libvips'
    // small operation cache.
    let firstTime = clock.measure { header = try? PhotoHeader.read(path: file) }
    let headerTime = clock.measure {
        for _ in 0..<times { header = try? PhotoHeader.read(path: file) }
    }
    guard let header else { fail("\(file): no header") }
    var previewTime = Duration.zero, cellTime = Duration.zero
    for _ in 0..<5 {
        previewTime += clock.measure { _ = try? PhotoDecoder().preview(path: file) }
        cellTime += clock.measure {
            _ = try? PhotoDecoder().decode(path: file, size: options.size, fit: options.fit)
        }
    }
    let decodeTime = clock.measure {
        _ = try? PhotoDecoder().decode(path: file, size: PixelSize(width: header.width, height: header.height), fit: .fit)
    }
    print(String(format: "libvips start %.1f ms; %@: %d×%d; first header read %.3f ms, then %.3f ms (mean of %d); preview %.1f ms; %@ decode %.1f ms (means of 5); full-size decode %.1f ms",
                 seconds(startup) * 1000, file, header.width, header.height, seconds(firstTime) * 1000,
                 seconds(headerTime) * 1000 / Double(times), times, seconds(previewTime) * 200,
                 options.size.description, seconds(cellTime) * 200, seconds(decodeTime) * 1000))
}

let options = parse(Array(CommandLine.arguments.dropFirst()))
if let file = options.leakFile {
    leakCheck(file, options)
} else if let file = options.headerFile {
    headerTiming(file, options)
} else if let folder = options.folder {
    benchFolder(folder, options)
} else {
    fail("give a folder, --leak FILE or --header FILE (--help)")
}
