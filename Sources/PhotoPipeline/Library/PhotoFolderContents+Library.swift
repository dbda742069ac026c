import FileOutput
import Foundation

/// A folder's contents as a `LibraryScan` gives them: the whole listing at once, each photo in
/// its provisional shape, then headers in any order, each setting one photo's shape.
extension PhotoFolderContents {
    /// What `library` knows after waiting for its listing and first screen until `deadline`,
    /// or until its listing is found large: every photo listed by then (the known headers
    /// applied), or none yet. A folder whose listing failed by then throws; one whose listing
    /// comes later arrives through `HeaderArrivals`.
    public static func start(_ library: LibraryScan, waitingUntil deadline: Date, indexFile: String? = nil)
        throws(PhotoFolderError) -> PhotoFolderContents
    {
        var contents = PhotoFolderContents(indexFile: indexFile)
        library.waitForFirstScreen(until: deadline)
        // Done already (a small folder): nothing is left to arrive, and the caller can tell
        // a folder of which nothing is readable (`nothingReadable`).
        let progress = library.progress
        let finished = library.isListed && progress.known >= progress.listed
        if let listing = library.takeListing() {
            switch listing {
            case .failure(let error): throw error
            case .success(let entries): contents.list(entries)
            }
            contents.startIndex = library.startIndex
            for (index, header) in library.takeReady() { contents.set(index, header) }
        }
        contents.library = finished ? nil : library
        return contents
    }

    /// Lists `entries` after the photos already there, each in the provisional shape until
    /// its header is `set`.
    public mutating func list(_ entries: [PhotoFolder.Entry]) {
        aspectRatios += repeatElement(Self.provisionalAspectRatio, count: entries.count)
        headers += repeatElement(nil, count: entries.count)
        paths += entries.map(\.path)
        titles += entries.map { Self.title(ofName: $0.name) }
    }

    /// A photo's title: its file name without folders or extension (`URL` would `stat` the
    /// file to tell a folder: a second a 100,000-photo folder).
    static func title(ofName name: String) -> String {
        let file = name.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? name
        guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return file }
        return String(file[..<dot])
    }

    /// The shape a listed photo shows until its header is read: a common camera's 3:2.
    public static let provisionalAspectRatio = 1.5

    /// Photo `index`'s header arrived: its shape, or why it cannot be shown (said on
    /// standard error, as `add` does). Returns its shape.
    @discardableResult
    public mutating func set(_ index: Int, _ header: Result<PhotoHeader, PhotoProblem>) -> Double {
        guard paths.indices.contains(index) else { return Self.unreadableAspectRatio }
        switch header {
        case .success(let header):
            aspectRatios[index] = Double(header.displayedWidth) / Double(header.displayedHeight)
            headers[index] = header
        case .failure(let problem):
            aspectRatios[index] = Self.unreadableAspectRatio
            headers[index] = nil
            problems[index] = problem.reason
            if case .decoderUnavailable(let why) = problem {
                if vipsMissing == nil { printWarning("can't show the folder's photos: \(why)") }
                vipsMissing = why
            } else {
                printWarning("can't show \(paths[index]): \(problem.reason)")
            }
        }
        return aspectRatios[index]
    }
}
