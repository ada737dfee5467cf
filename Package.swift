// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Legible",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "legible", targets: ["legible"]),
        .library(name: "ISOBMFF", targets: ["ISOBMFF"]),
        .library(name: "FileOutput", targets: ["FileOutput"]),
        .library(name: "XML", targets: ["XML"]),
        .library(name: "Conversion", targets: ["Conversion"]),
        .library(name: "Language", targets: ["Language"]),
        .library(name: "Movie", targets: ["Movie"]),
        .library(name: "TimedText", targets: ["TimedText"]),
        .library(name: "TextTracks", targets: ["TextTracks"]),
        .library(name: "Metadata", targets: ["Metadata"]),
        .library(name: "Remux", targets: ["Remux"]),
        .library(name: "Lint", targets: ["Lint"]),
        .library(name: "Delivery", targets: ["Delivery"]),
        .library(name: "Quality", targets: ["Quality"]),
        .library(name: "Report", targets: ["Report"]),
        .library(name: "KnownBoxes", targets: ["KnownBoxes"]),
        .library(name: "ElementaryStreams", targets: ["ElementaryStreams"]),
    ],
    dependencies: [
        // Pinned to the version the project is built and tested with, so a release build is the same
        // everywhere (Package.resolved is not committed). Needs 1.7.0 or later for `_errorPrefix`,
        // which makes usage errors read `error:`.
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        // `swift package generate-documentation` (Scripts/docs): a build-time plugin only, linked into nothing.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", exact: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        .target(name: "ISOBMFF", dependencies: ["CZlib"]),
        .target(name: "FileOutput", dependencies: ["ISOBMFF"]),
        .target(name: "ElementaryStreams", dependencies: ["ISOBMFF"]),
        .target(name: "XML"),
        .target(name: "Conversion"),
        .target(name: "Language"),
        .target(name: "Movie", dependencies: ["ISOBMFF", "FileOutput", "Conversion", "Language"]),
        .target(name: "TimedText", dependencies: ["ISOBMFF", "XML", "Conversion"]),
        .target(name: "TextTracks", dependencies: ["ISOBMFF", "Movie", "TimedText", "Conversion", "Language"]),
        .target(name: "Metadata", dependencies: ["ISOBMFF", "Movie", "XML", "Conversion", "Language"]),
        .target(name: "Remux", dependencies: ["ISOBMFF", "FileOutput", "Movie", "TimedText", "Metadata", "Conversion", "Language", "ElementaryStreams"]),
        .target(name: "Lint", dependencies: ["ISOBMFF", "Movie", "TimedText", "TextTracks", "Language"]),
        .target(name: "Delivery", dependencies: ["ISOBMFF", "FileOutput", "Movie", "TimedText", "TextTracks", "Conversion", "XML", "Language"]),
        .target(name: "Quality", dependencies: ["ISOBMFF", "Movie", "TimedText", "TextTracks"]),
        .target(name: "Report", dependencies: ["ISOBMFF", "Movie", "TimedText", "TextTracks", "Metadata", "Lint", "Delivery", "Quality", "Language"]),
        .target(name: "KnownBoxes", dependencies: ["ISOBMFF", "Movie", "TimedText", "Metadata"]),
        .executableTarget(
            name: "legible",
            dependencies: [
                "ISOBMFF", "FileOutput", "Movie", "TimedText", "TextTracks", "Metadata", "Remux", "Lint", "Delivery", "Quality", "Report", "Conversion", "KnownBoxes", "Language", "ElementaryStreams",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The README's "Use as a library" example, built and run by CLITests so it cannot rot.
        .executableTarget(name: "add-sdh-track", dependencies: ["Remux"], path: "Examples/add-sdh-track"),
        .target(name: "LegibleTestSupport", dependencies: ["ISOBMFF"], path: "Tests/LegibleTestSupport"),
        .testTarget(name: "ISOBMFFTests", dependencies: ["ISOBMFF", "FileOutput", "CZlib", "LegibleTestSupport"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "ElementaryStreamsTests", dependencies: ["ElementaryStreams", "ISOBMFF", "LegibleTestSupport"]),
        .testTarget(name: "FileOutputTests", dependencies: ["FileOutput", "ISOBMFF"]),
        .testTarget(name: "LanguageTests", dependencies: ["Language", "LegibleTestSupport"]),
        .testTarget(name: "MovieTests", dependencies: ["Movie", "ISOBMFF", "Language", "LegibleTestSupport"]),
        .testTarget(name: "TimedTextTests", dependencies: ["TimedText", "LegibleTestSupport", "Conversion"], resources: [.copy("Fixtures")]),
        .testTarget(name: "TextTracksTests", dependencies: ["TextTracks", "Movie", "TimedText", "ISOBMFF", "LegibleTestSupport"]),
        .testTarget(name: "MetadataTests", dependencies: ["Metadata", "Movie", "ISOBMFF", "LegibleTestSupport"]),
        .testTarget(name: "RemuxTests", dependencies: ["Remux", "ElementaryStreams", "Metadata", "Movie", "TimedText", "TextTracks", "ISOBMFF", "FileOutput", "Language", "LegibleTestSupport", "Conversion"]),
        .testTarget(name: "LintTests", dependencies: ["Lint", "Remux", "Movie", "TextTracks", "ISOBMFF", "LegibleTestSupport"]),
        .testTarget(name: "DeliveryTests", dependencies: ["Delivery", "Movie", "TimedText", "ISOBMFF", "LegibleTestSupport"]),
        .testTarget(name: "QualityTests", dependencies: ["ISOBMFF", "Quality", "Lint", "Movie", "TimedText", "LegibleTestSupport"]),
        .testTarget(name: "ReportTests", dependencies: ["ISOBMFF", "Report", "Quality", "Movie", "TimedText", "LegibleTestSupport"]),
        .testTarget(name: "KnownBoxesTests", dependencies: ["KnownBoxes", "Metadata", "Movie", "TimedText", "ISOBMFF", "LegibleTestSupport"]),
        .testTarget(name: "CLITests", dependencies: ["LegibleTestSupport", "legible", "add-sdh-track"], exclude: ["Golden"]),
    ],
    swiftLanguageModes: [.v6]
)
