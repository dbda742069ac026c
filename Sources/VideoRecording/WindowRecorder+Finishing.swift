import FileOutput
import Foundation
import VideoFormats

/// R's recordings after R: each stopped recording's encoder drains its queue while the window
/// goes on (`poll`, a frame at a time), or the window waits for them as it closes
/// (`finishAll`); a finished file is put in place whole, a failed one leaves nothing.
extension WindowRecorder {
    /// Checks the recordings being finished: puts each one ffmpeg has ended in place. Returns
    /// what to show: the file saved, a failure, or (every half second, or when `force`) how
    /// many frames are left to write.
    public func poll(at time: Double, force: Bool = false) -> String? {
        var message: String? = failure
        failure = nil
        var index = 0
        while index < finishing.count {
            let recording = finishing[index]
            let name = (recording.output.path as NSString).lastPathComponent
            switch recording.encoder.state {
            case .writing(let framesLeft):
                if force || time - recording.shownAt >= 0.5 {
                    finishing[index].shownAt = time
                    // Every frame handed over: ffmpeg is encoding what its pipe still holds.
                    message = framesLeft > 0 ? "Writing \(name): \(framesLeft) frames left" : "Finishing \(name)…"
                }
                index += 1
                continue
            case .finished:
                message = commit(recording)
            case .failed(let error):
                recording.output.discard()
                printError("recording failed: \(error); nothing written")
                message = "Recording failed: nothing written"
            }
            finishing.remove(at: index)
        }
        return message
    }

    /// Stops the recording running, if any, and waits for every recording to be written (the
    /// window calls this as it closes), saying on standard error what it waits for.
    public func finishAll(at time: Double) {
        stop(at: time)
        for recording in finishing {
            if announces, case .writing(let framesLeft) = recording.encoder.state, framesLeft > 0 {
                FileHandle.standardError.write(Data("writing \(recording.output.path): \(framesLeft) frames left\n".utf8))
            }
            do {
                try recording.encoder.finish()
                _ = commit(recording)
            } catch {
                recording.output.discard()
                printError("recording failed: \(error); nothing written")
            }
        }
        finishing.removeAll()
    }

    private func commit(_ recording: Finishing) -> String {
        let output = recording.output
        do {
            try output.commit()
        } catch {
            output.discard()
            printError("recording failed: \(error); nothing written")
            return "Recording failed: nothing written"
        }
        let seconds = String(format: "%.1f", recording.seconds)
        if announces {
            FileHandle.standardError.write(Data("saved \(output.path) (\(seconds) s)\n".utf8))
            print("saved \(output.path)")
        }
        return recording.folder.toast("Saved ", output.path, " (\(seconds) s)")
    }
}
