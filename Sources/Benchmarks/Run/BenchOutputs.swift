/// Files a run writes besides the table on standard output; nil for none.
public struct BenchOutputs: Sendable {
    public var json: String?
    public var csv: String?
    public var chart: String?

    public init(json: String?, csv: String?, chart: String?) {
        self.json = json
        self.csv = csv
        self.chart = chart
    }
}
