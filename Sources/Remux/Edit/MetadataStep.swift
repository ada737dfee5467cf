import Conversion
import ISOBMFF
import Metadata
import Movie
import TimedText

/// The first step of an edit: the plan's metadata removed (a strip's items) and set, on the
/// whole `moov` — its tracks' items included — in the carrier the output's brand reads; metadata
/// written to MPEG-4 goes where MPEG-4 readers look (the iTunes list), a QuickTime movie's too,
/// and what has no place there is a loss.
struct MetadataStep {
    let movieBox: Box
    let losses: [ConversionLoss]

    init(movie: Movie, plan: EditPlan, limits: Limits) throws(BoxError) {
        let carrier: MetadataCarrierPreference = (plan.brand?.isQuickTime ?? movie.isQuickTime) ? .quickTimeMetadata : .iTunes
        let metadata = MetadataEditor(limits: limits)
        var moov = try metadata.removing(plan.removal?.items ?? [], from: movie.movieBox)
        moov = try metadata.applying(plan.metadataChanges, to: moov, brand: carrier)
        var losses: [ConversionLoss] = []
        let convertsQuickTime = plan.brand.map { !$0.isQuickTime && movie.isQuickTime } ?? false
        if carrier == .iTunes, convertsQuickTime || !plan.metadataChanges.isEmpty {
            (moov, losses) = try metadata.preparedForMPEG4(moov, carryingQuickTimeItems: convertsQuickTime)
        }
        movieBox = moov
        self.losses = losses
    }
}
