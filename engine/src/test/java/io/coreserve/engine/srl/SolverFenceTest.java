package io.coreserve.engine.srl;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** OR-Tools stays behind its adapter (issue 11): only io.coreserve.engine.srl.cpsat may use it. */
class SolverFenceTest {

    private static final JavaClasses ENGINE = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.coreserve.engine");

    @Test
    void onlyTheCpSatAdapterUsesOrTools() {
        noClasses().that().resideOutsideOfPackage("io.coreserve.engine.srl.cpsat")
                .should().dependOnClassesThat().resideInAPackage("com.google.ortools..")
                .check(ENGINE);
    }

    @Test
    void theEngineUsesNoKafkaNorAvro() {
        noClasses().should().dependOnClassesThat().resideInAnyPackage("org.apache.kafka..", "org.apache.avro..")
                .check(ENGINE);
    }
}
