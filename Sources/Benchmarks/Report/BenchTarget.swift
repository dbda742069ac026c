/// One of the bench's targets and whether this run met it.
public struct BenchTarget: Codable, Equatable, Sendable {
    public var name: String
    /// nil when the run did not measure what the target needs (e.g. --quick has no 1,000,000).
    public var met: Bool?
    public var detail: String

    public init(name: String, met: Bool?, detail: String) {
        self.name = name
        self.met = met
        self.detail = detail
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(met, forKey: .met)
        try c.encode(detail, forKey: .detail)
    }
}
