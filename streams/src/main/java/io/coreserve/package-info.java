/** coreserve: advance reservation and co-allocation of compute resources on Kafka Streams. */
package io.coreserve;
