package dev.wholetrace.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class MarkdownTableTest {
    @Test
    void headerAlignmentRowAndRows() {
        String table = new MarkdownTable().left("input").right("bytes", "ratio").row("a", 12, "0.5").row("b", "", null).toString();
        assertThat(table).isEqualTo("| input | bytes | ratio |\n|---|---:|---:|\n| a | 12 | 0.5 |\n| b |  | |\n");
    }

    @Test
    void aColumnWithoutANameIsBlank() {
        assertThat(new MarkdownTable().left("machine").left(null).row("nproc", 2).toString())
                .isEqualTo("| machine | |\n|---|---|\n| nproc | 2 |\n");
    }

    @Test
    void everyRowHasACellPerColumn() {
        assertThatThrownBy(() -> new MarkdownTable().left("a").right("b").row("only one")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void csvQuotesOnlyWhatItIsAskedTo() {
        assertThat(new Csv("a,b").row("1", Csv.quote("say \"hi\", twice")).row("", "x").toString())
                .isEqualTo("a,b\n1,\"say \"\"hi\"\", twice\"\n,x\n");
    }
}
