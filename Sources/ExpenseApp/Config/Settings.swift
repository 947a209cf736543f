import ExpenseCore
import ExpenseShortcuts
import ExpenseStore
import ExpenseSupport

/// The settings that belong to a person's machine (DESIGN.md): read from the config file over
/// the defaults, each value checked where it is read, so a typo is reported with its file and line.
public struct Settings: Sendable {
    public var appID: String
    public var defaultCurrency: String
    public var limits: ShortcutLimits
    /// A catalog to use instead of the built-in one; nil for the built-in one.
    public var catalogPath: String?
    /// `var.NAME` keys: extra `$(NAME)` variables for catalogs.
    public var variables: [String: String]
    /// The camera's command line, with `{output}` for the picture (receipt capture).
    public var cameraCommand: String?
    /// Seconds the camera command may take.
    public var cameraTimeout: Int
    /// The folder where photos of receipts arrive, for `receipt capture` without a file.
    public var receiptInbox: String?
    /// The largest receipt file accepted, in bytes.
    public var maxReceiptSize: Int
    /// The command line of a program that reads receipt pictures instead of tesseract, with
    /// `{input}` for the picture; nil for tesseract.
    public var receiptOCRCommand: String?
    /// The database when neither --db nor EXPENSES_DB says: a file or a connection string.
    public var database: String?
    /// Where new reports' trips go when `--country` does not say (ISO 3166-1 alpha-2).
    public var homeCountry: String
    /// How many days older than an expense's day an ECB rate may be and still convert it.
    public var ratesMaxAgeDays: Int
    /// DATEV's Beraternummer and Mandantennummer for 'journal --format datev' (nil: not set).
    public var datevConsultant: Int?
    public var datevClient: Int?
    /// The person's full name, which the printable report names the traveller by (nil: not set).
    public var name: String?

    /// The keys expenses knows, in the order `config list` shows them. A new setting is one line
    /// here and a field read in `init(file:)`.
    static let keys: [SettingKey] = [
        SettingKey(
            "name",
            "Your full name, which the printable report (report export --format pdf) names the traveller by beside the user name; on a team database the report owner's payee (account holder) is printed instead.",
            default: nil, check: SettingKey.personName),
        SettingKey(
            "database",
            "The database when neither --db nor EXPENSES_DB says: a file, or a team database on PostgreSQL (postgresql://USER@HOST/DB, service=NAME).",
            default: nil, check: SettingKey.database),
        SettingKey(
            "app-id", "The app id: quick action types are APP-ID.ACTION ($(PRODUCT_BUNDLE_IDENTIFIER) in catalogs).",
            default: "com.sap.example", check: SettingKey.appID),
        SettingKey(
            "default-currency", "The currency of new reports and unassigned expenses when none is given.",
            default: "EUR", check: SettingKey.currency),
        SettingKey(
            "home-country",
            "The country (ISO 3166-1 alpha-2) new reports' trips go to when --country does not say; their per diems are computed for it.",
            default: CountryCode.germany.code, check: SettingKey.country),
        SettingKey(
            "shortcuts.max-visible", "How many quick actions a launcher shows: static first, then dynamic by rank.",
            default: String(ShortcutLimits.standard.maxVisible), check: SettingKey.count(0...100)),
        SettingKey(
            "shortcuts.max-total", "The cap on static and dynamic quick actions together.",
            default: String(ShortcutLimits.standard.maxTotal), check: SettingKey.count(1...100)),
        SettingKey(
            "shortcuts.catalog", "A catalog (Info.plist) to use instead of the built-in Data/Shortcuts.plist.",
            default: nil, check: SettingKey.path),
        SettingKey(
            "camera.command",
            "The camera for 'receipt capture': a command with {output} where it writes the picture, run without a shell (e.g. fswebcam --no-banner -r 1920x1080 {output}).",
            default: nil, check: SettingKey.cameraCommand),
        SettingKey(
            "camera.timeout", "Seconds the camera command may take before it is stopped.",
            default: "30", check: SettingKey.count(1...600)),
        SettingKey(
            "receipts.inbox",
            "A folder where receipt photos arrive (a phone sync): 'receipt capture' without a file takes the newest new one.",
            default: nil, check: SettingKey.path),
        SettingKey(
            "receipts.max-size", "The largest receipt file accepted, e.g. 20MiB or 500KiB.",
            default: "20MiB", check: SettingKey.byteSize),
        SettingKey(
            "receipts.ocr-command",
            "A program that reads receipt pictures and scans instead of tesseract: a command with {input} where the picture's path goes, run without a shell, printing the text it reads (e.g. RapidOCR, docs/RECEIPTS.md).",
            default: nil, check: SettingKey.ocrCommand),
        SettingKey(
            "rates.max-age-days",
            "How many days older than an expense's day an ECB reference rate may be and still convert it; older, the expense needs newer rates (rates import) or --rate.",
            default: "7", check: SettingKey.count(0...3650)),
        SettingKey(
            "datev.consultant", "DATEV's Beraternummer (1001 to 9999999) that 'journal --format datev' writes in its header.",
            default: nil, check: SettingKey.count(1001...9_999_999)),
        SettingKey(
            "datev.client", "DATEV's Mandantennummer (1 to 99999) that 'journal --format datev' writes in its header.",
            default: nil, check: SettingKey.count(1...99_999)),
    ]

    static let variablePrefix = "var."

    /// The defaults with the file's values over them; unknown keys are returned, not fatal, so
    /// that a file written by a newer expenses still works.
    init(file: ConfigFile) throws(ExpenseError) {
        var values: [String: String] = [:]
        var variables: [String: String] = [:]
        for setting in file.settings {
            let location = "\(file.path):\(setting.line)"
            do {
                if let name = Self.variableName(setting.key) {
                    variables[name] = setting.value
                } else if let key = Self.key(setting.key) {
                    values[key.name] = try key.check(setting.value)
                }
            } catch {
                throw error.located(location)
            }
        }
        func value(_ name: String) -> String? { values[name] ?? Self.key(name)?.defaultValue }
        appID = value("app-id") ?? "com.sap.example"
        defaultCurrency = value("default-currency") ?? "EUR"
        limits = ShortcutLimits(
            maxVisible: value("shortcuts.max-visible").flatMap { Int($0) } ?? ShortcutLimits.standard.maxVisible,
            maxTotal: value("shortcuts.max-total").flatMap { Int($0) } ?? ShortcutLimits.standard.maxTotal)
        catalogPath = value("shortcuts.catalog")
        cameraCommand = value("camera.command")
        cameraTimeout = value("camera.timeout").flatMap { Int($0) } ?? 30
        receiptInbox = value("receipts.inbox")
        maxReceiptSize = value("receipts.max-size").flatMap(ByteSize.parse) ?? 20 << 20
        receiptOCRCommand = value("receipts.ocr-command")
        database = value("database")
        homeCountry = value("home-country") ?? CountryCode.germany.code
        ratesMaxAgeDays = value("rates.max-age-days").flatMap { Int($0) } ?? 7
        datevConsultant = value("datev.consultant").flatMap { Int($0) }
        datevClient = value("datev.client").flatMap { Int($0) }
        name = value("name")
        self.variables = variables
    }

    static func key(_ name: String) -> SettingKey? { keys.first { $0.name == name } }

    /// The value in force of a known key; nil for `shortcuts.catalog` when the built-in one is used.
    func value(_ name: String) -> String? {
        switch name {
        case "name": return name
        case "database": return database.map(SettingKey.shownDatabase)
        case "app-id": return appID
        case "default-currency": return defaultCurrency
        case "home-country": return homeCountry
        case "shortcuts.max-visible": return String(limits.maxVisible)
        case "shortcuts.max-total": return String(limits.maxTotal)
        case "shortcuts.catalog": return catalogPath
        case "camera.command": return cameraCommand
        case "camera.timeout": return String(cameraTimeout)
        case "receipts.inbox": return receiptInbox
        case "receipts.max-size": return ByteSize.setting(maxReceiptSize)
        case "receipts.ocr-command": return receiptOCRCommand
        case "rates.max-age-days": return String(ratesMaxAgeDays)
        case "datev.consultant": return datevConsultant.map(String.init)
        case "datev.client": return datevClient.map(String.init)
        default: return Self.variableName(name).flatMap { variables[$0] }
        }
    }

    /// `NAME` of a `var.NAME` key.
    static func variableName(_ key: String) -> String? {
        guard key.hasPrefix(variablePrefix) else { return nil }
        return String(key.dropFirst(variablePrefix.count))
    }

    /// The keys of `file` that expenses does not know, with their lines.
    static func unknownKeys(in file: ConfigFile) -> [(key: String, line: Int)] {
        file.settings.filter { key($0.key) == nil && variableName($0.key) == nil }.map { ($0.key, $0.line) }
    }

    /// The variables of catalogs: Xcode's standard ones for this app id, plus `var.NAME` keys.
    var catalogVariables: CatalogVariables {
        CatalogVariables.standard(appID: appID, version: Runner.version, extra: variables)
    }
}

/// One known setting: its name, what it is for, its default and how a value is checked.
struct SettingKey: Sendable {
    let name: String
    let help: String
    let defaultValue: String?
    /// Returns the value as stored (normalized: `eur` is `EUR`), or throws why it is wrong.
    let check: @Sendable (String) throws(ExpenseError) -> String

    init(
        _ name: String, _ help: String, default defaultValue: String?,
        check: @escaping @Sendable (String) throws(ExpenseError) -> String
    ) {
        self.name = name
        self.help = help
        self.defaultValue = defaultValue
        self.check = check
    }

    /// Reverse-DNS, as bundle identifiers are: letters, digits, '-' and '.', no empty component.
    static func appID(_ value: String) throws(ExpenseError) -> String {
        let components = value.split(separator: ".", omittingEmptySubsequences: false)
        guard components.count >= 2,
            components.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") } })
        else {
            throw ExpenseError(
                .invalidData, "invalid app id '\(value)'",
                hint: "a reverse-DNS name such as com.example.expenses (letters, digits, '-', separated by dots)")
        }
        return value
    }

    /// A person's name as it is printed: one line, not empty, at most 140 characters.
    static func personName(_ value: String) throws(ExpenseError) -> String {
        let name = value.trimmingSpaces
        guard !name.isEmpty, !name.contains(where: \.isNewline), name.count <= 140 else {
            throw ExpenseError(
                .invalidData, "invalid name '\(value)'", hint: "your full name on one line, at most 140 characters, e.g. Erika Mustermann")
        }
        return name
    }

    static func currency(_ value: String) throws(ExpenseError) -> String {
        try CurrencyTable.standard.require(value).code
    }

    /// Two letters, kept upper case; whether the per-diem table knows it is the report's to tell.
    static func country(_ value: String) throws(ExpenseError) -> String {
        try CountryCode.parse(value).code
    }

    static func count(_ range: ClosedRange<Int>) -> @Sendable (String) throws(ExpenseError) -> String {
        { (value: String) throws(ExpenseError) -> String in
            guard let number = Int(value.trimmingSpaces), range.contains(number) else {
                throw ExpenseError(
                    .invalidData, "invalid number '\(value)'",
                    hint: "a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            return String(number)
        }
    }

    static func path(_ value: String) throws(ExpenseError) -> String {
        guard !value.trimmingSpaces.isEmpty else { throw ExpenseError(.invalidData, "the path is empty") }
        return value
    }

    /// A file or a server (`DatabaseLocation`); a URI of another kind is bad data here (65).
    static func database(_ value: String) throws(ExpenseError) -> String {
        do {
            _ = try DatabaseLocation(parsing: try path(value))
        } catch {
            throw ExpenseError(.invalidData, error.message, hint: error.hint)
        }
        return value
    }

    /// A `database` value as shown: a server's connection string without its password.
    static func shownDatabase(_ value: String) -> String {
        (try? DatabaseLocation(parsing: value))?.name ?? value
    }
}
