import ParallaxKit

extension MotionMeter {
    /// The run's figures as `--stats-json` writes them, degrees for `geometry` (the report's
    /// part, here beside the report; the meter itself is the model's: the panel and the
    /// compare strip read it).
    public func summary(geometry: ViewingGeometry = .laptop) -> RunReport.Motion {
        RunReport.Motion(peak_pt_per_s: peakPointsPerSecond, mean_pt_per_s: meanPointsPerSecond,
                         peak_deg_per_s: geometry.degrees(points: peakPointsPerSecond), moving_share_peak: peakMovingShare,
                         viewing_distance_cm: geometry.distanceCentimetres, points_per_inch: geometry.pointsPerInch)
    }
}

extension RunReport {
    /// The motion meter's figures over a run (see `MotionMeter`).
    public struct Motion: Codable, Sendable, Equatable {
        public var peak_pt_per_s: Double
        public var mean_pt_per_s: Double
        public var peak_deg_per_s: Double
        public var moving_share_peak: Double
        /// The viewing geometry the degrees assume.
        public var viewing_distance_cm: Double
        public var points_per_inch: Double

        public init(peak_pt_per_s: Double, mean_pt_per_s: Double, peak_deg_per_s: Double, moving_share_peak: Double,
                    viewing_distance_cm: Double, points_per_inch: Double) {
            self.peak_pt_per_s = peak_pt_per_s
            self.mean_pt_per_s = mean_pt_per_s
            self.peak_deg_per_s = peak_deg_per_s
            self.moving_share_peak = moving_share_peak
            self.viewing_distance_cm = viewing_distance_cm
            self.points_per_inch = points_per_inch
        }
    }
}
