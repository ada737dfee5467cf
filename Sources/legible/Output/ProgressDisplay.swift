#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import FileOutput
import ISOBMFF

/// How progress is shown on standard error.
enum ProgressStyle: String, ExpressibleByArgument, CaseIterable {
    case auto, bar, json, none
}

/// Draws a write's progress on standard error: a bar redrawn in place when a person watches, or
/// one JSON object per line for a program. Redraws only when the shown value changes.
///
/// The engine reports from the thread that writes, one call at a time; the class is only
/// `@unchecked Sendable` so the callback can be handed to it.
final class ProgressDisplay: @unchecked Sendable {
    private let style: ProgressStyle
    private var lastShown = -1
    private var drewBar = false

    init(style: ProgressStyle) {
        self.style = style == .auto ? (isatty(STDERR_FILENO) == 1 ? .bar : .none) : style
    }

    /// The callback to give the engine, nil when nothing is shown.
    var callback: (@Sendable (WriteProgress) -> Void)? {
        guard style != .none else { return nil }
        return { @Sendable [self] progress in self.show(progress) }
    }

    private func show(_ progress: WriteProgress) {
        let permille = Int(progress.fraction * 1000)
        switch style {
        case .bar:
            guard permille / 10 != lastShown else { return }
            lastShown = permille / 10
            let width = 30
            let filled = permille * width / 1000
            let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
            emit("\r[\(bar)] \(String(permille / 10).leftPadded(to: 3, with: " "))% \(Self.size(progress.bytesWritten)) of \(Self.size(progress.totalBytes))")
            drewBar = true
        case .json:
            guard permille != lastShown else { return }
            lastShown = permille
            let fraction = "\(permille / 1000).\(String(permille % 1000).leftPadded(to: 3))"
            emit("{\"bytesWritten\": \(progress.bytesWritten), \"totalBytes\": \(progress.totalBytes), \"fraction\": \(fraction)}\n")
        case .auto, .none:
            break
        }
    }

    /// Ends the bar's line.
    func finish() {
        if drewBar { emit("\n") }
        drewBar = false
    }

    private func emit(_ text: String) { _ = writeAll(Array(text.utf8), to: STDERR_FILENO) }

    private static func size(_ bytes: UInt64) -> String {
        let units = ["B", "KB", "MB", "GB", "TB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1000 && unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        let tenths = Int(value * 10)
        return unit == 0 ? "\(bytes) B" : "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }
}
