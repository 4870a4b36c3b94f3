/**
 * Kafka Connect plugins of coreserve: {@link io.coreserve.connect.TraceSourceConnector} replays workload traces as
 * the pipeline's input events, {@link io.coreserve.connect.EmailNotificationSinkConnector} delivers notifications
 * by e-mail (seed 003's notification service). Both are registered in {@code META-INF/services}.
 */
package io.coreserve.connect;
