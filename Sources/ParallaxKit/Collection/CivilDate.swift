/// A day of the proleptic Gregorian calendar from seconds since 1970-01-01 00:00 on a
/// wall clock (the app adds the zone's offset first): the core names a photo's month without
/// Foundation's calendars.
public struct CivilDate: Sendable, Equatable {
    public var year: Int
    /// 1…12.
    public var month: Int
    /// 1…31.
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day `seconds` falls on (Howard Hinnant's civil_from_days, from his
    /// "chrono-Compatible Low-Level Date Algorithms"); a non-finite or far-off time is
    /// clamped to ±10,000 years.
    public init(secondsSince1970 seconds: Double) {
        let limit = 10_000.0 * 366 * 86_400
        let clamped = seconds.isFinite ? min(max(seconds, -limit), limit) : 0
        let days: Int = (clamped / 86_400).clampedInteger(rounding: .down)
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                             "October", "November", "December"]

    /// "July 2021": how Apple's Photos and Google Photos name a place in a library while
    /// their scrubbers are dragged.
    public var monthAndYear: String { Self.monthNames[min(max(month, 1), 12) - 1] + " " + String(year) }
}
