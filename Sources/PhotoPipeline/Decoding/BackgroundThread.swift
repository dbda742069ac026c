import CVips

/// How the pipeline's threads share the machine with the one that draws.
public enum BackgroundThread {
    /// The nice value of decode and header threads: on a machine with as many busy threads as
    /// cores (two, here: the frame loop and the software rasteriser's), a decode at the same
    /// priority takes turns with the frame and makes it late; at 10 it runs in what the frame
    /// leaves. (Nuke runs its decoding at a lower quality of service for the same reason.)
    public static let niceness: Int32 = 10

    /// Lowers the calling thread's priority to `niceness` (Linux gives each thread its own
    /// nice value). Failing only means sharing the cores evenly, so it is ignored.
    public static func yieldToForeground() {
        _ = cvips_set_thread_niceness(niceness)
    }

    /// Makes glibc return large freed buffers to the system: its default threshold rises after
    /// the first large free, after which multi-megabyte decode buffers stay in the heap and the
    /// resident size only grows (measured: a fling through 120 camera photos peaked at 500 MB
    /// with the default, 336 MB with a fixed 1 MB threshold).
    public static func returnLargeBuffersToTheSystem() {
        _ = cvips_set_mmap_threshold(1 << 20)
    }
}
