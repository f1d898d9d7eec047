package dev.wholetrace.cli;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;

/**
 * The CLI's JSON output parsed strictly (Jackson): objects become maps, arrays lists, integers
 * Long, other numbers Double. Throws IllegalArgumentException on anything that is not exactly one
 * JSON value, or on an object with a repeated key.
 */
final class JsonText {
    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(DeserializationFeature.USE_LONG_FOR_INTS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    private JsonText() {}

    static Object parse(String text) {
        try {
            return MAPPER.readValue(text, Object.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not one JSON value: " + e.getOriginalMessage() + ": " + text, e);
        }
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> object(String text) {
        Object v = parse(text);
        if (!(v instanceof Map)) throw new IllegalArgumentException("not a JSON object: " + text);
        return (Map<String, Object>) v;
    }

    /** The value at a dotted path of nested objects ("total.bytes.wpp"). */
    @SuppressWarnings("unchecked")
    static Object at(Map<String, Object> o, String path) {
        Object v = o;
        for (String key : path.split("\\.")) {
            if (!(v instanceof Map<?, ?> m) || !m.containsKey(key)) throw new IllegalArgumentException("no " + path + " in " + o);
            v = ((Map<String, Object>) m).get(key);
        }
        return v;
    }
}
