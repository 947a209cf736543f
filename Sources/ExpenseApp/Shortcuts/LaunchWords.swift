import ExpenseCore
import ExpenseSupport

/// The words of a quick-action launch, `shortcut TYPE [--info key=value ...] [--defer] [--catalog
/// FILE] [ARGS...]`: the launch's own options are taken out, and every other word — options of
/// the command the action runs included — is passed on to that command in order.
struct LaunchWords: Equatable {
    typealias Options = ShortcutCommands.Options

    var type: String?
    var info: [Info] = []
    var deferred = false
    var repl = false
    var catalog: String?
    var format: OutputFormat?
    var wantsHelp = false
    /// The words for the command the action runs.
    var arguments: [String] = []

    struct Info: Equatable {
        var key: String
        var value: String
    }

    static let path = ["shortcut"]

    static func parse(_ words: [String]) throws(UsageError) -> LaunchWords {
        var launch = LaunchWords()
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            // `--name=value` or `--name value`, for the launch's own options.
            var name = word, inline: String?
            if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
                name = String(word[..<equals])
                inline = String(word[word.index(after: equals)...])
            }
            func value(_ placeholder: String) throws(UsageError) -> String {
                if let inline { return inline }
                guard index < words.count else { throw UsageError("Missing value for '\(name) <\(placeholder)>'", path: path) }
                index += 1
                return words[index - 1]
            }
            switch name {
            case "--":
                launch.arguments += words[(index - 1)...]
                index = words.count
            case Options.defer.spec.word: launch.deferred = true
            case Options.repl.spec.word: launch.repl = true
            case "--help", "-h": launch.wantsHelp = true
            case Options.info.spec.word:
                let pair = try value("key=value")
                guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                    throw UsageError("The value '\(pair)' is invalid for '--info <key=value>': expected key=value", path: path)
                }
                launch.info.append(Info(key: String(pair[..<equals]), value: String(pair[pair.index(after: equals)...])))
            case Options.catalog.spec.word:
                launch.catalog = try value("file")
            case "--format":
                let format = try value("format")
                guard let known = OutputFormat(rawValue: format) else {
                    throw UsageError("The value '\(format)' is invalid for '--format <format>'. Please provide one of \(CommandParser.list(GlobalOptions.formats)).",
                                     path: path)
                }
                launch.format = known
            default:
                if launch.type == nil, !word.hasPrefix("-") {
                    launch.type = word
                } else {
                    launch.arguments.append(word)
                }
            }
        }
        return launch
    }

    /// The words to keep for a deferred launch and replay when it is delivered: the `--info`
    /// pairs and the arguments (the type and catalog are kept apart).
    var replayWords: [String] {
        info.flatMap { ["--info", "\($0.key)=\($0.value)"] } + arguments
    }
}
