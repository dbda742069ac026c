extension RunReport {
    /// Where a drag of the scroll indicator left the list, and how soon its photos showed
    /// (see the photo pipeline's `ScrubLandingTimes`).
    public struct ScrubLanding: Codable, Sendable, Equatable {
        /// Milliseconds from the frame the list landed to the first frame with every visible
        /// photo shown (a preview counts).
        public var preview_ms: Double
        /// …and to the first with every visible photo sharp.
        public var sharp_ms: Double

        public init(preview_ms: Double, sharp_ms: Double) {
            self.preview_ms = preview_ms
            self.sharp_ms = sharp_ms
        }
    }
}
