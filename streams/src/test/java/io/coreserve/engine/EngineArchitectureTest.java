package io.coreserve.engine;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** The engine is plain Java: the streaming topology wraps it, never the other way round. */
@AnalyzeClasses(packages = "io.coreserve.engine", importOptions = ImportOption.DoNotIncludeTests.class)
class EngineArchitectureTest {

    @ArchTest
    static final ArchRule engineHasNoKafkaAvroOrEventDependencies = noClasses()
            .that().resideInAPackage("io.coreserve.engine..")
            .should().dependOnClassesThat()
            .resideInAnyPackage("org.apache.kafka..", "org.apache.avro..", "io.coreserve.events..")
            .because("the co-allocation engine must stay plain Java, usable and testable without Kafka");
}
