extension PhotoTexturePipeline {
    /// Photos already listed whose headers arrived (a folder's scan reads them in any
    /// order): each header by photo index, nil where the file cannot be read, and why for
    /// those (`problems`, by index, like `knownProblems`).
    public func setHeaders(_ arrived: [(photo: Int, header: PhotoHeader?)], problems: [Int: String]) {
        for (photo, header) in arrived where headers.indices.contains(photo) { headers[photo] = header }
        failures.merge(problems) { old, _ in old }
    }
}
