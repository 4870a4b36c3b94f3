package io.coreserve.identity;

import java.util.regex.Pattern;

/** User names double as file names and SCRAM principals, so they are kept to a safe alphabet. */
public final class UserNames {

    private static final Pattern VALID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");

    private UserNames() {
    }

    public static boolean isValid(String name) {
        return name != null && VALID.matcher(name).matches();
    }

    public static String require(String name) {
        if (!isValid(name)) {
            throw new IllegalArgumentException("invalid user name '" + name + "': 1 to 64 of letters, digits, '.', '_', "
                    + "'-', starting with a letter or digit");
        }
        return name;
    }
}
