// swift-tools-version:6.0
import PackageDescription

// The layers and what each may import are stated in docs/ARCHITECTURE.md, and Scripts/check-layers
// (run by .ci/run) holds every target's dependencies and imports to that table.
let package = Package(
    name: "expenses",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "expenses", targets: ["expenses"]),
    ],
    targets: [
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CEditLine", providers: [.apt(["libedit-dev"])]),
        .systemLibrary(name: "CLibPQ", providers: [.apt(["libpq-dev"])]),
        .systemLibrary(name: "CMicroHTTPD", providers: [.apt(["libmicrohttpd-dev"])]),
        .target(name: "ExpenseSupport"),
        .target(name: "PropertyList", dependencies: ["ExpenseSupport"]),
        .target(
            name: "ExpenseCore", dependencies: ["ExpenseSupport"],
            resources: [
                .embedInCode("Resources/currencies.csv"), .embedInCode("Resources/categories.csv"),
                .embedInCode("Resources/allowance-rates.csv"), .embedInCode("Resources/allowance-places.csv"),
                // The BMF's rows of 2024 to 2026 as the migration that inserts them shipped them: never edited.
                .embedInCode("Resources/bmf-2024-2026.csv"),
            ]
        ),
        .target(
            name: "ExpenseShortcuts", dependencies: ["ExpenseSupport", "PropertyList", "ExpenseCore"],
            resources: [.embedInCode("Resources/Shortcuts.plist"), .embedInCode("Resources/AppShortcuts.plist"),
                        .embedInCode("Resources/Shortcuts.de.strings"), .embedInCode("Resources/Localizable.de.strings")]
        ),
        .target(name: "StatementReading", dependencies: ["ExpenseSupport", "ExpenseCore"]),
        .target(name: "ReceiptReading", dependencies: ["ExpenseSupport", "ExpenseCore"]),
        .target(name: "ExpenseStore", dependencies: ["ExpenseSupport", "PropertyList", "ExpenseCore", "ExpenseShortcuts", "CSQLite", "CLibPQ"]),
        .target(name: "StatementImport", dependencies: ["ExpenseSupport", "ExpenseCore", "StatementReading", "ExpenseStore"]),
        .target(name: "Rendering", dependencies: ["ExpenseSupport", "ExpenseCore"]),
        .target(name: "WebServing", dependencies: ["ExpenseSupport", "CMicroHTTPD"]),
        .target(name: "ExpenseApp", dependencies: ["ExpenseSupport", "PropertyList", "ExpenseCore", "ExpenseShortcuts", "StatementReading",
                                                   "ReceiptReading", "ExpenseStore", "StatementImport", "Rendering", "WebServing"],
                // The app's icon: shortcuts install writes it for the user, Scripts/install copies the file for everyone.
                resources: [.embedInCode("Resources/expenses.svg")]),
        .executableTarget(
            name: "expenses", dependencies: ["ExpenseSupport", "ExpenseApp", "CEditLine"],
            // The libedit glue assigns C globals (rl_getc_function, ...), which Swift 6 mode rejects
            // as shared mutable state; this thin single-threaded layer uses Swift 5 mode instead.
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // What the tests share: assertions, the throwaway PostgreSQL cluster, and InProcessApp,
        // which runs command lines in process as the binary does (so it depends on ExpenseApp).
        // A test target, not a library: it imports XCTest, which the toolchain has only as a
        // shared library, and `swift build --static-swift-stdlib` builds every library target but
        // no test target. It holds no tests of its own.
        .testTarget(name: "ExpenseTestSupport", dependencies: ["ExpenseSupport", "ExpenseCore", "ExpenseApp"]),
        .testTarget(name: "ExpenseSupportTests", dependencies: ["ExpenseSupport", "ExpenseTestSupport"]),
        .testTarget(name: "PropertyListTests", dependencies: ["ExpenseSupport", "PropertyList"]),
        .testTarget(name: "ExpenseCoreTests", dependencies: ["ExpenseSupport", "ExpenseCore", "ExpenseTestSupport"]),
        .testTarget(name: "ExpenseStoreTests", dependencies: ["CSQLite", "ExpenseSupport", "PropertyList", "ExpenseStore", "ExpenseTestSupport"]),
        .testTarget(name: "ExpenseShortcutsTests", dependencies: ["ExpenseSupport", "PropertyList", "ExpenseShortcuts", "ExpenseStore",
                                                                  "ExpenseTestSupport"]),
        .testTarget(name: "StatementReadingTests", dependencies: ["ExpenseSupport", "ExpenseCore", "StatementReading"]),
        .testTarget(name: "ReceiptReadingTests", dependencies: ["ExpenseSupport", "ExpenseCore", "ReceiptReading"]),
        .testTarget(name: "StatementImportTests", dependencies: ["ExpenseSupport", "ExpenseCore", "StatementReading", "ExpenseStore",
                                                                 "StatementImport"]),
        .testTarget(name: "WebServingTests", dependencies: ["ExpenseSupport", "WebServing"]),
        .testTarget(name: "RenderingTests", dependencies: ["ExpenseSupport", "ExpenseCore", "Rendering"]),
        // StatementReading: the help topic of the rules file is checked against the directives it parses.
        .testTarget(name: "ExpenseAppTests", dependencies: ["ExpenseSupport", "PropertyList", "ExpenseCore", "StatementReading", "Rendering",
                                                            "ExpenseApp", "ExpenseTestSupport"]),
        // Support/ holds the drivers the tests run with python3 (a pty, a desktop launcher), not Swift sources.
        .testTarget(name: "EndToEndTests", dependencies: ["ExpenseTestSupport"], exclude: ["Support"]),
    ]
)
