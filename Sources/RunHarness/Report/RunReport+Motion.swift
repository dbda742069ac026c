import ParallaxKit

extension MotionMeter {
    /// The run's figures as `--stats-json` writes them, degrees for `geometry` with each of
    /// the app's points `pixelsPerPoint` of the screen's pixels (the window's scale; 1
    /// offscreen). The report's part, here beside the report; the meter itself is the
    /// model's: the panel and the compare strip read it.
    public func summary(geometry: ViewingGeometry = .laptop, pixelsPerPoint: Double = 1) -> RunReport.Motion {
        RunReport.Motion(peak_pt_per_s: peakPointsPerSecond, mean_pt_per_s: meanPointsPerSecond,
                         peak_deg_per_s: geometry.degrees(points: peakPointsPerSecond, pixelsPerPoint: pixelsPerPoint),
                         moving_share_peak: peakMovingShare, viewing_distance_cm: geometry.distanceCentimetres,
                         display_density_ppi: geometry.pixelsPerInch, pixels_per_point: pixelsPerPoint)
    }
}

extension RunReport {
    /// The motion meter's figures over a run (see `MotionMeter`).
    public struct Motion: Codable, Sendable, Equatable {
        public var peak_pt_per_s: Double
        public var mean_pt_per_s: Double
        public var peak_deg_per_s: Double
        public var moving_share_peak: Double
        /// The viewing geometry the degrees assume (`--viewing-distance`, `--display-density`)
        /// and the window's pixels per point.
        public var viewing_distance_cm: Double
        public var display_density_ppi: Double
        public var pixels_per_point: Double

        public init(peak_pt_per_s: Double, mean_pt_per_s: Double, peak_deg_per_s: Double, moving_share_peak: Double,
                    viewing_distance_cm: Double, display_density_ppi: Double, pixels_per_point: Double) {
            self.peak_pt_per_s = peak_pt_per_s
            self.mean_pt_per_s = mean_pt_per_s
            self.peak_deg_per_s = peak_deg_per_s
            self.moving_share_peak = moving_share_peak
            self.viewing_distance_cm = viewing_distance_cm
            self.display_density_ppi = display_density_ppi
            self.pixels_per_point = pixels_per_point
        }
    }
}
