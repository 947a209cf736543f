#!/usr/bin/env python3
# Writes Shortcuts.binary.plist, the binary (bplist00) fixture of the catalog tests, with Python's
# plistlib as an independent writer: an Info.plist as a built app holds it, with every plist type.
# Run it from this directory after changing it; the output is committed.
import datetime
import plistlib

info = {
    "CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)",
    "UIApplicationShortcutItems": [
        {
            "UIApplicationShortcutItemType": "$(PRODUCT_BUNDLE_IDENTIFIER).showReports",
            "UIApplicationShortcutItemTitle": "Show Reports",
            "UIApplicationShortcutItemSubtitle": "Show all available Reports",
            "UIApplicationShortcutItemIconType": "UIApplicationShortcutIconTypeSearch",
        },
        {
            "UIApplicationShortcutItemType": "$(PRODUCT_BUNDLE_IDENTIFIER).openReport",
            "UIApplicationShortcutItemTitle": "Reisekosten Zürich ✈",
            "UIApplicationShortcutItemIconType": "UIApplicationShortcutIconTypeCapturePhoto",
            "UIApplicationShortcutItemIconFile": "trip-icon",
            "UIApplicationShortcutItemIconSymbolName": "airplane",
            "UIApplicationShortcutItemUserInfo": {
                "report": 42,
                "big": 2**40,
                "negative": -7,
                "rate": 1.0412,
                "urgent": True,
                "quiet": False,
                "since": datetime.datetime(2026, 3, 2, 9, 15, 0),
                "blob": b"\x00\x01\x02",
                "tags": ["lodging", "meals"],
                "nested": {"a": "b"},
            },
        },
    ],
}

with open("Shortcuts.binary.plist", "wb") as file:
    plistlib.dump(info, file, fmt=plistlib.FMT_BINARY, sort_keys=False)
