package io.coreserve.evaluation.report;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class MarkdownTableTest {

    @Test
    void shouldPadColumnsAndRightAlignNumbers() {
        String table = new MarkdownTable("Policy", "Wait").alignRight(1)
                .row("COARP", 12.5)
                .row("FCFS", 3)
                .render();

        assertThat(table).isEqualTo("""
                | Policy | Wait |
                | ------ | ---: |
                | COARP  | 12.5 |
                | FCFS   |    3 |
                """);
    }

    @Test
    void shouldEscapePipesAndRejectRowsOfTheWrongWidth() {
        assertThat(new MarkdownTable("a").row("x|y").render()).contains("x\\|y");
        assertThatThrownBy(() -> new MarkdownTable("a", "b").row("only one")).isInstanceOf(IllegalArgumentException.class);
    }
}
