// swift-tools-version:6.0
import PackageDescription

// Layers, lowest first; each may import only the ones before it (see ../shared/DESIGN.md):
// CSQLite/CEditLine -> ExpenseCore -> ExpenseShortcuts -> ExpenseStore -> ExpenseApp -> expenses.
// ExpenseShortcuts defines the storage it needs as a protocol (ShortcutStorage) and ExpenseStore
// implements it, so the quick-action rules know no SQL and the store no quick-action rules.
let package = Package(
    name: "expenses",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "expenses", targets: ["expenses"]),
    ],
    targets: [
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CEditLine", providers: [.apt(["libedit-dev"])]),
        .target(
            name: "ExpenseCore",
            resources: [.embedInCode("Resources/currencies.csv"), .embedInCode("Resources/categories.csv")]
        ),
        .target(
            name: "ExpenseShortcuts", dependencies: ["ExpenseCore"],
            resources: [.embedInCode("Resources/Shortcuts.plist"), .embedInCode("Resources/Shortcuts.de.strings"),
                        .embedInCode("Resources/Localizable.de.strings")]
        ),
        .target(name: "ExpenseStore", dependencies: ["ExpenseCore", "ExpenseShortcuts", "CSQLite"]),
        .target(name: "ExpenseApp", dependencies: ["ExpenseCore", "ExpenseShortcuts", "ExpenseStore"]),
        .executableTarget(
            name: "expenses", dependencies: ["ExpenseApp", "CEditLine"],
            // The libedit glue assigns C globals (rl_getc_function, ...), which Swift 6 mode rejects
            // as shared mutable state; this thin single-threaded layer uses Swift 5 mode instead.
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // Assertions the unit tests share. A test target, not a library: it imports XCTest, which
        // the toolchain has only as a shared library, and `swift build --static-swift-stdlib`
        // builds every library target but no test target. It holds no tests of its own.
        .testTarget(name: "ExpenseTestSupport", dependencies: ["ExpenseCore"]),
        .testTarget(name: "ExpenseCoreTests", dependencies: ["ExpenseCore", "ExpenseTestSupport"]),
        .testTarget(name: "ExpenseStoreTests", dependencies: ["ExpenseStore", "ExpenseTestSupport"]),
        .testTarget(name: "ExpenseShortcutsTests", dependencies: ["ExpenseShortcuts", "ExpenseStore", "ExpenseTestSupport"]),
        .testTarget(name: "ExpenseAppTests", dependencies: ["ExpenseApp"]),
        // Support/ holds the drivers the tests run with python3 (a pty, a desktop launcher), not Swift sources.
        .testTarget(name: "EndToEndTests", dependencies: [], exclude: ["Support"]),
    ]
)
