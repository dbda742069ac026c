import Foundation
import MonotonicTime
import PhotoPipeline

/// Times the `vipsthumbnail` program (Debian's libvips-tools), the yardstick the photo
/// pipeline is held to: the same files, to the same sizes, with the same number of threads.
enum VipsThumbnailRun {
    /// One file to make at one size (a box it must fit, as `--size WxH` means).
    struct Job: Hashable {
        var path: String
        var width: Int
        var height: Int
    }

    /// The command lines: one `vipsthumbnail` per distinct size with all its files (starting
    /// libvips costs tens of milliseconds, paid once per size, as the app pays it once), the
    /// output in libvips' own uncompressed format so no encoder is timed.
    static func commands(_ jobs: [Job], outputFolder: String) -> [[String]] {
        let bySize = Dictionary(grouping: jobs) { "\($0.width)x\($0.height)" }
        return bySize.keys.sorted().map { size in
            ["--size", size, "-o", outputFolder + "/%s-\(size).v"] + bySize[size]!.map(\.path)
        }
    }

    /// Wall-clock milliseconds to run `jobs` with `threads` processes at a time (each with one
    /// libvips thread and the nice value the app's workers have).
    static func milliseconds(_ jobs: [Job], threads: Int) throws -> Double {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parallax-vipsthumbnail-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Files spread over `threads` lists, so `threads` processes decode at once.
        let lanes = max(1, threads)
        var laneJobs = [[Job]](repeating: [], count: lanes)
        for (i, job) in jobs.enumerated() { laneJobs[i % lanes].append(job) }
        var environment = ProcessInfo.processInfo.environment
        environment["VIPS_CONCURRENCY"] = "1"
        let start = monotonicNanoseconds()
        let processes = laneJobs.filter { !$0.isEmpty }.map { lane -> [Process] in
            commands(lane, outputFolder: folder).map { arguments in
                let process = Process()
                // At the decode threads' nice value, so both sides get the same share of a
                // busy machine.
                process.executableURL = URL(fileURLWithPath: "/usr/bin/nice")
                process.arguments = ["-n", String(BackgroundThread.niceness), "/usr/bin/vipsthumbnail"] + arguments
                process.environment = environment
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                return process
            }
        }
        // Each lane runs its commands one after another; the lanes run side by side.
        let failures = LaneFailures()
        let group = DispatchGroup()
        for lane in processes {
            group.enter()
            Thread.detachNewThread {
                for process in lane {
                    do { try process.run() } catch { failures.note(); continue }
                    process.waitUntilExit()
                    if process.terminationStatus != 0 { failures.note() }
                }
                group.leave()
            }
        }
        group.wait()
        let elapsed = Double(monotonicNanoseconds() - start) / 1e6
        guard failures.count == 0 else { throw BenchFailure(message: "vipsthumbnail failed \(failures.count) time(s) (is libvips-tools installed?)") }
        return elapsed
    }
}

/// Counts failed vipsthumbnail runs across lanes.
private final class LaneFailures: @unchecked Sendable {
    private let lock = NSLock()
    private var failures = 0
    func note() { lock.withLock { failures += 1 } }
    var count: Int { lock.withLock { failures } }
}
