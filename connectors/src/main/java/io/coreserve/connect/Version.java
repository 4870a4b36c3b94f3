package io.coreserve.connect;

/** The plugin version Connect shows: the jar's Implementation-Version, or the development version. */
final class Version {

    private static final String VERSION = find();

    private Version() {
    }

    static String get() {
        return VERSION;
    }

    private static String find() {
        String version = Version.class.getPackage().getImplementationVersion();
        return version != null ? version : "0.1.0-SNAPSHOT";
    }
}
