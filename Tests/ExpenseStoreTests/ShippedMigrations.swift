/// Every migration that has shipped, by engine, in the order it is registered, with the SHA-256
/// of what it executes (`MigrationTranscript`): `MigrationManifestTests` holds the migrators to
/// these lines. A line is never edited or removed: a shipped migration has run on someone's
/// database as it is, and changing it would leave that database unlike a new one. A change to the
/// schema is a new migration, registered last, and its line added last here once it is final (the
/// test fails naming it and printing the line to add).
///
/// A Swift list rather than a text file beside the migrations: it is compiled with the test that
/// reads it, so no path is looked up at run time, nothing is declared in Package.swift, and
/// nothing of it goes into the binary.
enum ShippedMigrations {
    /// `Schema.migrator`: a SQLite file.
    static let sqlite: [(id: String, sha256: String)] = [
        ("2026-11-30-v1-reports-expenses", "3111b9c22485d7011812ee0bff452b0551357a92069886261a6dfdc5253442fe"),
        ("2026-11-30-v2-imports-and-rates", "c06c6579b95226ab0b3f9683e54a316e96de9893c59685f0d24dca13e001061f"),
        ("2026-11-30-v3-shortcuts", "267dd2be989f41438cc75dfb47c7ae389cf01c975093b1cb73da912112adbba7"),
        ("2026-11-30-v4-workflow-and-policy", "09c98ce98580cf7fbfb2b1bafff59209959810a57d32e35db0527bc15056338f"),
        ("2026-11-30-v5-receipts", "74e9110de93b7ed9f9903422666ea0a677ee1dc8c40ceb4ea374ea507ad3725b"),
        ("2026-11-30-v6-one-date-index", "7f48fb15754b8965c5441024a450c66027c3f616936ce0615298a3f7b50b1aaf"),
        ("2026-12-01-v7-open-sessions", "b91da285dcd38c00ae19572dfec71d44e1b092016e776b2354c0a5674d46b015"),
        ("2026-12-02-v8-app-shortcuts", "9a55183ba638891e16e05d583ef4e13e94a7b0337b90adc71b60620332b44859"),
        ("2026-12-03-v9-normalised-user-names", "6b6c1b9257aecb59d341fa69ef2fb368e3964e7ede6f58f36d4380de685c2ce2"),
        ("2026-12-04-v10-audit-chain", "6aa4bce9dea6f46dd13adc30c8808990517f6366c238369e9b914c55bbe893a2"),
        ("2026-12-05-v11-rate-source-check-by-comparisons", "f51da96fa7a1500b9263184081d1924c544a869bf531b590f13bcec65119c820"),
        ("2026-12-06-v12-trip-allowances", "60877199684fd0a76466f46b385a23423e5cbc439b2bd53bd9a3a67451ef463a"),
        ("2026-12-07-v13-mileage-nights-advances", "248c588d12bbc7431cb7c9e7bc1c1c71e6d5215478b88d9090ef297fe2f48b7a"),
        ("2026-12-08-v14-mail-receipts", "f097a21ec60c83c7eb46eabc93da2aa9553d9b6bb2676422e04218c3d1a87c8c"),
        ("2026-12-09-v15-receipt-matching", "94cbdb6b29cd1ffff3c4a318ae02e355803b70f5b4ce8068722d917b119967b7"),
        ("2026-12-10-v16-manual-rate-tolerance", "57e90b4391761d1fa4acad549fc0a54ef6f1e8f72da7e4de22a606bf81a8f341"),
        ("2026-12-11-v17-item-vat", "150266c9f7244d01ba005698a7d5d45f7522cbd0d41a5c3adde428e5eb8a39ad"),
        ("2026-12-18-v18-payments", "6193e0850ee0fe77fa81e1d25d89f06fbe3b741aba26789b17c7493e92bb4a1b"),
        ("2026-12-19-v19-booking", "5bcc3c712c8641ea07bb3b230dc8f39fdfc9d1af30a6f3a435d215c666f341cd"),
        ("2026-12-20-v20-database-identity", "900c770aa5a2f0dbcd520ca05d55e10cb3f336ce33888bd34f33cc42887d7bd7"),
        ("2026-12-21-v21-people-and-cost-centres", "291e42e4b2865ff73b6760db24905a196bdfafc4510dfb0f3b4c6c2563d53efd"),
        ("2026-12-22-v22-approval-route", "58e32ef697813f2600e3300721b64e4b66dbb938ef57ee0857c68ac73b834e04"),
        ("2026-12-24-v23-expense-cuts", "e5f9c9cb80c204a0f7f1b2b1d520379cfcafa59bd7004fe9091c75368706c7b9"),
        ("2026-12-25-v24-per-diems-abroad", "9cc6ea0e249ab53a80c5beefa0c27775a8564b52eea59c40f154e786a3f3f473"),
        ("2026-12-26-v25-bmf-rates-2024-2026", "78cd0c38ce600d3a6f3ce4a0b1440eb105c2d511a67dfabdfa578b319a3559d1"),
        ("2026-12-27-v26-matching-index", "bea4a9fae91a324270d27b7cdcea41f5a056c9ca1fd60f79dff981445b0f7d26"),
    ]

    /// `PostgresMigrations.migrator`: a team database.
    static let postgresql: [(id: String, sha256: String)] = [
        ("2026-12-05-pg-v1-team-schema", "46d2a591dda9351f51876bd9589a0804e4a8b4a7c22ec832511dc821806d5ec9"),
        ("2026-12-06-pg-v2-totals-held-to-bigint", "549d94e89c7225549c4479a5c48368051ac7be4e6f8e247ffbafffbd2e16f42b"),
        ("2026-12-07-pg-v3-receipt-uploads", "f72064d1144d17710b97fb8b2a2f9c00e7f8cb4772617b6fb8dee333c1eb9e61"),
        ("2026-12-08-pg-v4-trip-allowances", "48ce3f4377ec54d2985a47eae6ce45f1731e315f78453c8325fdcfe8bd0a2ffe"),
        ("2026-12-09-pg-v5-mileage-nights-advances", "731e8d175ae90fcd0b4e17f86fb8e82d7e8327462d4bf3424460013ee6fdabad"),
        ("2026-12-10-pg-v6-mail-receipts", "1935815d82140e4b38b67beadcfbfc5bc3394135fb3a887e77a81cb21c82b566"),
        ("2026-12-11-pg-v7-receipt-matching", "dd68fb786e6a8f1151cdd0a8336b0222d8b319f0cae19adce0c59cdf5ead8038"),
        ("2026-12-12-pg-v8-owed-not-negative", "ecbb4dacfc0833f6e236ce11036c164e7d6b512610ef01db6def0a45be350dbf"),
        ("2026-12-13-pg-v9-manual-rate-tolerance", "b9eea77b8eb7cb902218400eb93ab6d578f22f73fd696acb19f07ea666e1b9c5"),
        ("2026-12-14-pg-v10-shared-table-audit", "2fba8c80ee72da2e5cc14504d89fa0db7cd9bba61d5b2d69446c9e06d4c5f7ba"),
        ("2026-12-15-pg-v11-upload-limits", "791780ac5637ee27cdbfae9a8d0a70f23e0f33d960a69f01e2e4b16b47e146f5"),
        ("2026-12-16-pg-v12-chain-at-commit", "2c7786afedcce4ef452df6ca2f9fc515b258dfe957f40937806565e0218044f4"),
        ("2026-12-17-pg-v13-item-vat", "6aa9f23c78f12487db14eb164b39ad30cdfdbce4c8a2cce6fa1867746f6746e3"),
        ("2026-12-18-pg-v14-payments", "b4d31fc29deea491fb4f6d813f669cc9d55da49cdd876c2c29b680e68d8fbe09"),
        ("2026-12-19-pg-v15-booking", "fa9353f8319b749704491b1872149978859718d863c1f7337cdd90c394dc11a4"),
        ("2026-12-20-pg-v16-copy-markers", "2435429175c086611987eea363697893c8ca6405b7313a89b4e9cfae70cf875d"),
        ("2026-12-21-pg-v17-people-and-cost-centres", "a3f40bf26b713b62dabded7e61fe5e08b15ab5544e56e18d14c109ac9abedef7"),
        ("2026-12-22-pg-v18-approval-route", "5aa3aa27299a780952852e09146ae5265007d4f22f0b6217c6e55c6d955d0eaa"),
        ("2026-12-23-pg-v19-server-clock", "9a16f409341e867f8562bbdcb87f055c0eaa811ade87818fb5142672d0247df8"),
        ("2026-12-24-pg-v20-expense-cuts", "2161b43663ec84c27ebfbb55e7110d4e52a87b6d92ee2c0087a8b91fc7fca73d"),
        ("2026-12-25-pg-v21-per-diems-abroad", "801cd9ed486096189e3da1c1919773fd961bdd969d81bd9a74759d178a6c5499"),
        ("2026-12-26-pg-v22-bmf-rates-2024-2026", "78cd0c38ce600d3a6f3ce4a0b1440eb105c2d511a67dfabdfa578b319a3559d1"),
        ("2026-12-27-pg-v23-matching-index", "661b227faa9f08821d4bd34a55993300a3a6f7ee09c3cac2f13367f888230450"),
    ]
}
