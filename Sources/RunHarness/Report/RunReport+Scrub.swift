extension RunReport {
    /// Where a drag of the scroll indicator left the list, and how soon its photos showed
    /// (see the photo pipeline's `ScrubLandingTimes`).
    public struct ScrubLanding: Codable, Sendable, Equatable {
        /// Milliseconds from the frame the list landed to the first frame with every visible
        /// photo shown (a preview counts); nil if the list moved on first.
        public var preview_ms: Double?
        /// …and to the first with every visible photo sharp; nil if the list moved on first.
        public var sharp_ms: Double?
        /// For a landing the list left before its photos were sharp: how long it stayed.
        public var left_after_ms: Double?

        public init(preview_ms: Double?, sharp_ms: Double?, left_after_ms: Double? = nil) {
            self.preview_ms = preview_ms
            self.sharp_ms = sharp_ms
            self.left_after_ms = left_after_ms
        }
    }
}
