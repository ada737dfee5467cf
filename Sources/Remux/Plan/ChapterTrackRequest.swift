import Language
import Movie

/// A chapter list to write as a QuickTime chapter track: it replaces every chapter list the
/// movie has (chapter tracks, their `chap` references and `udta/chpl`), or, with
/// ``addsLanguage``, joins the chapter tracks of other languages.
public struct ChapterTrackRequest: Sendable {
    /// The chapters, the first at 0 and starts strictly increasing
    /// (`ChapterInput.validated(movieEnd:)` gives them so); each lasts until the next, the last
    /// until the movie's end. Ends given here are not used.
    public var chapters: [Chapter]
    /// The chapter track's language (`mdhd`, and `elng` when the tag says more).
    public var language: LanguageTag?
    /// The chapter track's name (`udta/name`).
    public var name: String?

    /// Keeps the movie's chapter tracks of other languages (and `udta/chpl`) and adds this one
    /// beside them (QTFF "Chapter lists": one chapter track per language, all listed in
    /// `tref/chap` and kept in one alternate group, from which a player picks the language that
    /// best matches its preferences). Only a chapter track of the same language is replaced.
    public var addsLanguage: Bool
    /// Also writes the chapters as a Nero list (`udta/chpl`), which FFmpeg, mutagen and TagLib
    /// read, replacing one the movie has.
    public var writesNeroList: Bool

    /// A chapter track for `chapters`, in `language`, named `name`.
    public init(chapters: [Chapter], language: LanguageTag? = nil, name: String? = nil,
                addsLanguage: Bool = false, writesNeroList: Bool = false) {
        self.chapters = chapters
        self.language = language
        self.name = name
        self.addsLanguage = addsLanguage
        self.writesNeroList = writesNeroList
    }
}
