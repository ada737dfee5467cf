#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Remux

/// The files in a movie's folder, for `add-subtitles --sidecars`: the names ``SidecarSet``
/// reads, and where each is.
struct SidecarFiles: Sendable {
    /// The movie's folder.
    var folder: String
    /// The movie's file name without its extension: what a sidecar's name starts with.
    var movieName: String
    /// The names of the regular files in the folder, the movie's own left out.
    var fileNames: [String]

    /// Lists the movie's folder; a folder that cannot be listed is the command's error.
    init(movie: String) throws {
        let url = URL(fileURLWithPath: movie)
        folder = url.deletingLastPathComponent().path
        movieName = url.deletingPathExtension().lastPathComponent
        let movieFile = url.lastPathComponent
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw CommandFailure("\(folder): cannot list the movie's folder for its sidecar files: \(error)")
        }
        let folder = folder
        fileNames = names.filter { $0 != movieFile && FileStamp(path: folder + "/" + $0) != nil }.sorted()
    }

    /// Where the file named `fileName` is.
    func path(_ fileName: String) -> String { folder + "/" + fileName }

    /// The files named after the movie (``SidecarName/isNamedAfter(movieName:fileName:)``), as
    /// paths: what a batch job with `"sidecars": true` reads besides its movie. Empty when the
    /// folder cannot be listed (the job itself then says why).
    static func paths(beside movie: String) -> [String] {
        guard let files = try? SidecarFiles(movie: movie) else { return [] }
        return files.fileNames.filter { SidecarName.isNamedAfter(movieName: files.movieName, fileName: $0) }.map(files.path)
    }
}
