// swift-tools-version:6.0
import PackageDescription

// Layers, lowest first; each may import only the ones before it (see ../shared/DESIGN.md):
// CSQLite/CEditLine -> ExpenseCore -> ExpenseStore -> ExpenseApp -> expenses.
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
        .target(name: "ExpenseStore", dependencies: ["ExpenseCore", "CSQLite"]),
        .target(name: "ExpenseApp", dependencies: ["ExpenseCore", "ExpenseStore"]),
        .executableTarget(
            name: "expenses", dependencies: ["ExpenseApp", "CEditLine"],
            // The libedit glue assigns C globals (rl_getc_function, ...), which Swift 6 mode rejects
            // as shared mutable state; this thin single-threaded layer uses Swift 5 mode instead.
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .testTarget(name: "ExpenseCoreTests", dependencies: ["ExpenseCore"]),
        .testTarget(name: "ExpenseStoreTests", dependencies: ["ExpenseStore"]),
        .testTarget(name: "ExpenseAppTests", dependencies: ["ExpenseApp"]),
        .testTarget(name: "EndToEndTests", dependencies: []),
    ]
)
