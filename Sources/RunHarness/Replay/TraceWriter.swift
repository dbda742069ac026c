import ParallaxKit

/// Writes the trace CSV: one row per visible cell per frame.
public enum TraceWriter {
    public static let header = "frame,t,offset_x,offset_y,phase,item,cell_x,cell_y,cell_w,cell_h,parallax_x,parallax_y"

    /// Appends the rows for the playground's current frame to `out`.
    public static func appendRows(frame: Int, time: Double, playground: Playground, to out: inout String) {
        let offset = playground.scrollView.contentOffset
        let prefix = "\(frame),\(format(time)),\(format(offset.x)),\(format(offset.y)),\(playground.scrollView.phase.rawValue),"
        for cell in playground.visibleCells {
            let f = cell.frame
            out += prefix
            out += "\(cell.item),\(format(f.minX)),\(format(f.minY)),\(format(f.width)),\(format(f.height)),"
            out += "\(format(cell.parallax.x)),\(format(cell.parallax.y))\n"
        }
    }

    /// Shortest text that reads back as the same Double; whole numbers without ".0".
    public static func format(_ value: Double) -> String { value.written() }
}

extension TraceWriter {
    /// Replays `script` into `playground` and streams the CSV, header first, to `write` in
    /// chunks of roughly `chunkSize` characters. Returns the number of frames.
    @discardableResult
    public static func trace(
        script: Script, playground: Playground, framesPerSecond: Double,
        chunkSize: Int = 1 << 16, write: (String) -> Void
    ) -> Int {
        var buffer = header + "\n"
        let frames = Replay(script: script, framesPerSecond: framesPerSecond).run(on: playground) { frame, playground in
            appendRows(frame: frame.index, time: frame.time, playground: playground, to: &buffer)
            if buffer.utf8.count >= chunkSize {
                write(buffer)
                buffer.removeAll(keepingCapacity: true)
            }
        }
        if !buffer.isEmpty { write(buffer) }
        return frames
    }
}
