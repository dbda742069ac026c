import Foundation

/// The machine a run measured, for the report.
public struct MachineFacts: Codable, Equatable, Sendable {
    public var cpu: String
    public var logical_cpus: Int
    public var load_average_start: String
    public var load_average_end: String
    public var build: String

    public init(cpu: String, logical_cpus: Int, load_average_start: String, load_average_end: String, build: String) {
        self.cpu = cpu
        self.logical_cpus = logical_cpus
        self.load_average_start = load_average_start
        self.load_average_end = load_average_end
        self.build = build
    }

    public static func read() -> MachineFacts {
        var cpu = "unknown"
        if let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
           let line = info.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
           let colon = line.firstIndex(of: ":") {
            cpu = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return MachineFacts(
            cpu: cpu, logical_cpus: ProcessInfo.processInfo.activeProcessorCount,
            load_average_start: loadAverage(), load_average_end: "", build: buildConfiguration)
    }

    static func loadAverage() -> String {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "unknown" }
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }

    /// How the Benchmarks module itself was compiled: what decides the numbers. Told by the
    /// optimization, not by SwiftPM's configuration: `make test` builds the release
    /// configuration without optimization (see the Makefile), which measures as a debug build.
    public static var buildConfiguration: String {
        _isDebugAssertConfiguration() ? "debug" : "release"
    }
}
