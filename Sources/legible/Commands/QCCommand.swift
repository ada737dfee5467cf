import ISOBMFF
import ArgumentParser
import Movie
import Quality
import TimedText

/// `legible qc`: subtitle quality against a published guideline.
struct QCCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "qc",
        abstract: "Check subtitles against a published guideline: reading speed, line length, lines, display time, gaps, overlaps, characters.",
        discussion: """
        Each finding names the cue (its number in the file, or as 'legible extract' numbers a \
        track's cues), its time, what was measured, the limit, and the document and section the \
        limit comes from. Characters are counted with spaces and punctuation, line breaks not; \
        words are runs of text between spaces; times are compared to the millisecond.

        Profiles (--profile; see --list-profiles for every number and its source):
          netflix            Netflix Timed Text Style Guide, English (USA), adult programs (default)
          netflix-children   the same for children's programs (17 characters per second)
          bbc                BBC Subtitle Guidelines
          dcmp               DCMP Captioning Guidelines, adult cultural movies
          dcmp-educational   DCMP Captioning Key, lower-level educational media
          fcc                47 CFR 79.1(j)(2): no numbers; the shared rules and the 608 character set
        fcc, dcmp and dcmp-educational, guidelines for line 21 captions, also find characters a \
        CEA-608 caption cannot show (CTA-608-E §6.4; the set 'legible add-captions' encodes). \
        Every profile also finds overlapping cues, cues past the movie's end or outside the \
        track's edit list, cues that end before they start, empty cues and, in a movie, cues of \
        a forced-only track that its language's full subtitle track does not show (as 'legible \
        check' finds them) and, the other way round, cues a full track marks forced (tx3g frcd, \
        stpp itts:forcedDisplay) that its forced-only twin (forc) does not show.

        A movie's text tracks (tx3g, wvtt, QuickTime text; chapter tracks left out) are read \
        on the movie timeline; gaps counted in frames use its video's frame rate. For a subtitle \
        file give --frame-rate, or gaps in frames are not checked (a note says so).

        Examples:
          legible qc film.srt
          legible qc film.srt --profile bbc
          legible qc film.vtt --frame-rate 24000/1001
          legible qc movie.mp4 --track 3 --json | jq '.subjects[0].findings[] | select(.severity == "error")'
          legible qc --list-profiles

        Exit status: 0 when no error-level finding remains; 1 when one does; 2 on bad input \
        or usage.
        """)

    @Argument(help: "A subtitle file (.srt, .vtt, .ttml, .xml, .dfxp) or a movie (.mov, .mp4, .m4v).")
    var input: String?

    @Option(help: "With a movie: the text track to check (default: every text track).")
    var track: UInt32?

    @Option(help: "The guideline (see --list-profiles).")
    var profile = QualityProfile.standard

    @Option(help: "Frames per second for gaps counted in frames (25, 29.97 or 30000/1001); a movie's own video is used otherwise.")
    var frameRate: String?

    @Flag(help: "Print JSON: {\"file\", \"profile\", \"subjects\": [{\"trackID\", \"cues\", \"findings\": [{\"severity\", \"rule\", \"cue\", \"start\", \"end\", \"message\", \"source\"}], \"notes\"}], \"errors\"}.")
    var json = false

    @Flag(help: "Print every profile's limits and their sources, and exit.")
    var listProfiles = false

    func validate() throws {
        if !listProfiles, input == nil { throw ValidationError("give a subtitle file or a movie to check (or --list-profiles)") }
        if let frameRate, Self.frameDuration(frameRate) == nil {
            throw ValidationError("--frame-rate: '\(frameRate)' is not a frame rate (25, 29.97 or 30000/1001)")
        }
    }

    func run() throws {
        guard !listProfiles else { return printProfiles() }
        guard let input else { return }
        let frame = frameRate.flatMap(Self.frameDuration)
        let subjects: [QualityReport.Subject]
        if SubtitleFormat(path: input) != nil {
            if track != nil { throw ValidationError("--track is for a movie; \(input) is a subtitle file") }
            let document = try SubtitleFile.readForCommand(input)
            let subject = QualitySubject(cues: document.cues, frameDuration: frame)
            subjects = [QualityReport.Subject(trackID: nil, label: nil, cueCount: document.cues.count,
                                              check: SubtitleQualityCheck(subject, profile: profile))]
        } else {
            subjects = try movieSubjects(input, profile: profile, frame: frame)
        }
        let report = QualityReport(path: input, profile: profile, subjects: subjects)
        if json {
            print(report.json.rendered())
        } else {
            for line in report.lines { printLines(line) }
        }
        if report.errorCount > 0 { throw ExitCode(1) }
    }

    private func movieSubjects(_ path: String, profile: QualityProfile, frame: SubtitleTime?) throws -> [QualityReport.Subject] {
        let movie = try Movie.openForCommand(path: path)
        let chapters = movie.chapterTrackIDs
        let tracks: [Track]
        if let id = track {
            guard let chosen = movie.track(id: id) else {
                throw CommandFailure("\(path): no track with ID \(id); tracks: \(movie.tracks.map { "\($0.id) \($0.mediaType.rawValue)" }.joined(separator: ", "))")
            }
            tracks = [chosen]
        } else {
            tracks = movie.tracks.filter { $0.mediaType.isLegible && !chapters.contains($0.id) }
        }
        var subjects: [QualityReport.Subject] = []
        for track in tracks {
            var subject: QualitySubject
            do {
                subject = try QualitySubject(track: track, in: movie)
            } catch {
                if self.track == nil, case .notText = error {
                    printWarning("\(path): track \(track.id) left out: \(error)")
                    continue
                }
                throw CommandFailure(file: "\(path): track \(track.id)", error)
            }
            if let frame { subject.frameDuration = frame }
            let label = SelectionOption(track: track, movie: movie).displayName
            subjects.append(QualityReport.Subject(trackID: track.id, label: label,
                                                  cueCount: subject.cues.count + subject.cuesOutsideEdits.count,
                                                  check: SubtitleQualityCheck(subject, profile: profile)))
        }
        guard !subjects.isEmpty else {
            throw CommandFailure("\(path): no text track to check (tx3g, wvtt or QuickTime text, chapter tracks left out)")
        }
        return subjects
    }

    private func printProfiles() {
        if json {
            print(JSONValue.array(QualityProfile.all.map(QualityReport.profileJSON)).rendered())
            return
        }
        for profile in QualityProfile.all {
            print("\(profile.name): \(profile.title)")
            if profile.limits.isEmpty { print("  no limits of its own: only the rules every profile shares") }
            for limit in profile.limits {
                print("  \(limit.severity.rawValue.rightPadded(to: 8)) \(limit.rule.rawValue): \(limit.value)")
                print("           \(limit.source)")
            }
        }
        print("every profile: " + QualityRule.allCases.filter { $0.structuralSource != nil }.map(\.rawValue).joined(separator: ", "))
    }

    /// One frame at `rate` frames per second ("25", "29.97", "30000/1001"); nil when it is not one.
    static func frameDuration(_ rate: String) -> SubtitleTime? {
        let parts = rate.split(separator: "/", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let numerator = Double(parts[0]),
              let denominator = parts.count == 2 ? Double(parts[1]) : 1,
              numerator.isFinite, denominator.isFinite, numerator > 0, denominator > 0 else { return nil }
        let fps = numerator / denominator
        guard fps >= 1, fps <= 1000 else { return nil }
        return SubtitleTime(microseconds: Int64((1_000_000 / fps).rounded()))
    }
}
