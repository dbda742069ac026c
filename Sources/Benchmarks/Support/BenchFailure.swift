/// The benchmark could not do what it must (not the user's fault): exit 1 with the reason.
public struct BenchFailure: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }

    public init(message: String) { self.message = message }
}
