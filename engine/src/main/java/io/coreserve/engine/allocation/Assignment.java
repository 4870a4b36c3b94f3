package io.coreserve.engine.allocation;

import io.coreserve.engine.model.Quantity;
import java.util.Arrays;

/**
 * The amounts reserved on one resource for one job: {@code amounts[i]} micro-units of property i.
 * Do not change the array.
 */
public record Assignment(int resource, String resourceId, long[] amounts) {

    /** The amount of property i in the property's unit. */
    public double amount(int property) {
        return Quantity.toUnits(amounts[property]);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Assignment other && other.resource == resource
                && other.resourceId.equals(resourceId) && Arrays.equals(other.amounts, amounts);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * resource + resourceId.hashCode()) + Arrays.hashCode(amounts);
    }

    @Override
    public String toString() {
        return "Assignment[" + resourceId + " " + Arrays.toString(amounts) + "]";
    }
}
