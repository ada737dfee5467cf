import Movie

extension StreamingOutput {
    /// The HLS side: a media playlist per CMAF track, the subtitle renditions `legible hls`
    /// writes (movie time 0 mapped to time 0 of the segments), the chapters, and `master.m3u8`.
    mutating func addHLS(movie: Movie, movieName: String, options: HLSOptions) throws(DeliveryError) {
        files += (audios + videos).map(MultivariantPlaylist.mediaPlaylist)
        for index in audios.indices { audioRenditions[index].playlist = MultivariantPlaylist.mediaPlaylistName(audios[index]) }
        for index in videos.indices { videoRenditions[index].playlist = MultivariantPlaylist.mediaPlaylistName(videos[index]) }
        var hlsOptions = options
        hlsOptions.mpegtsOffset = 0
        if plan.namedAudio != nil { hlsOptions.defaultTrack = nil }
        var subtitleTags: [String] = []
        do {
            let package = try HLSPackage(movie: movie, movieName: movieName, options: hlsOptions)
            files += package.files.filter { $0.name != HLSPackage.mediaTagsFileName }
            subtitleTags = package.renditions.map(\.mediaTag.line)
            warnings += package.warnings
            withheldDefaults += package.withheldDefaults
            for rendition in package.renditions { subtitles[subtitle(rendition.track)].playlist = rendition.playlistName }
        } catch .noLegibleTracks {
            hasNoText = true
        }
        var sessionData: [String] = []
        if let chapters = HLSChapters(movie: movie) {
            files.append(DeliveryFile(name: HLSChapters.fileName, text: chapters.json))
            sessionData.append(HLSChapters.sessionDataTag)
            warnings += chapters.warnings
            chaptersFile = HLSChapters.fileName
        }
        let master = MultivariantPlaylist(videos: videos, audios: audios, subtitleTags: subtitleTags, subtitleGroupID: options.groupID,
                                          sessionDataTags: sessionData)
        files.append(DeliveryFile(name: StreamingPackage.multivariantName, text: master.text))
    }
}
