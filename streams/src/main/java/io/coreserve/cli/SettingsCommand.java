package io.coreserve.cli;

import io.coreserve.config.Settings;
import picocli.CommandLine.Command;

/** Prints every coreserve setting with its default and rule, as the table README.md carries. */
@Command(name = "settings", mixinStandardHelpOptions = true,
        description = "Print every coreserve.* setting (key, default, meaning, valid values) as a Markdown table.")
public final class SettingsCommand implements Runnable {

    @Override
    public void run() {
        System.out.print(Settings.markdownTable());
    }
}
