/// One piece of work the policy asks the loader for: a photo's decode, or the thumbnail its
/// camera embedded in the file (a preview that stands in until the decode arrives). A photo
/// has at most one of each in flight.
public struct PhotoKey: Hashable, Sendable, CustomStringConvertible {
    /// The photo's index among the pipeline's files.
    public var photo: Int
    /// The embedded thumbnail rather than the decode.
    public var isPreview: Bool

    public init(photo: Int, isPreview: Bool) {
        self.photo = photo
        self.isPreview = isPreview
    }

    public var description: String { isPreview ? "preview of \(photo)" : "photo \(photo)" }
}
