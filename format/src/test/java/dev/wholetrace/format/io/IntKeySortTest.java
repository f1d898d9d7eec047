package dev.wholetrace.format.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class IntKeySortTest {
    private record Item(int key, int order) {}

    @Test
    void sortsByKeyAndKeepsTheOrderOfEqualKeysAsListSortDoes() {
        Random r = new Random(7);
        List<Item> items = new ArrayList<>();
        for (int i = 0; i < 1000; i++) items.add(new Item(r.nextInt(41) - 20 + (i % 3 == 0 ? Integer.MIN_VALUE / 2 : 0), i));
        items.add(new Item(Integer.MAX_VALUE, -1));
        items.add(new Item(Integer.MIN_VALUE, -2));
        List<Item> expected = new ArrayList<>(items);
        expected.sort(Comparator.comparingInt(Item::key));
        IntKeySort.sort(items, Item::key);
        assertThat(items).containsExactlyElementsOf(expected);
    }
}
