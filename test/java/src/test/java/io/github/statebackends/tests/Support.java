package io.github.statebackends.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.hashicorp.cdktf.App;
import com.hashicorp.cdktf.TerraformStack;
import com.hashicorp.cdktf.Testing;
import io.github.statebackends.StateBackendTarget;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.function.Executable;
import software.constructs.IConstruct;
import software.constructs.MetadataEntry;

/**
 * Helpers shared by the suites: apps for a target, synthesis to Jackson trees, one dynamic test
 * per emitted tool key, and reading refusals and warnings.
 *
 * <p>Every key assertion fails when the key is absent (a missing node is never equal to an
 * expected value), and every checked block also gets an "exactly these keys" test, so a suite
 * cannot pass by looking at keys that were never emitted.
 */
final class Support {
    /** The workspace a remote state of the fixtures reads (spec 2.1). */
    static final String WORKSPACE = "staging";

    /** The default outputs of a remote state of the fixtures (spec 2.1). */
    static final Map<String, Object> DEFAULTS = Map.of("vpc_id", "vpc-default", "replicas", 2, "enabled", true);

    static final ObjectMapper MAPPER = new ObjectMapper();

    /** The target used when none is set: the newest Terraform release the library knows (generated into Samples). */
    static final String DEFAULT_TARGET = Samples.DEFAULT_TARGET;

    private Support() {
    }

    /**
     * A test app with the default target, set explicitly: without the key the cdktn package follows
     * the app's {@code targetVersions} instead, so this keeps every suite meaning the same in both.
     */
    static App app() {
        return app(StateBackendTarget.DEFAULT);
    }

    /** A test app whose target is {@code target}, set before any stack is added. */
    static App app(final StateBackendTarget target) {
        final App app = Testing.app();
        target.applyTo(app);
        return app;
    }

    /** An app that writes to {@code outdir}, for tests that read the files cdktf writes. */
    static App appWithOutdir(final Path outdir, final StateBackendTarget target) {
        final App app = App.Builder.create().outdir(outdir.toString()).build();
        if (target != null) {
            target.applyTo(app);
        }
        return app;
    }

    /** Synthesizes one stack with validations ({@code Testing.synth(stack, true)}) and parses it. */
    static JsonNode synth(final TerraformStack stack) {
        return parse(Testing.synth(stack, true));
    }

    static JsonNode parse(final String json) {
        try {
            return MAPPER.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static JsonNode read(final Path file) {
        try {
            return MAPPER.readTree(file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The node at a dotted path ({@code terraform.backend.oss}); fails naming the first missing
     * segment, so a caller never asserts on an absent block.
     */
    static JsonNode at(final JsonNode root, final String dotted) {
        JsonNode node = root;
        final StringBuilder seen = new StringBuilder();
        for (final String part : dotted.split("\\.")) {
            seen.append(seen.length() == 0 ? "" : ".").append(part);
            node = node.path(part);
            if (node.isMissingNode()) {
                fail("missing " + seen + " in " + root.toPrettyString());
            }
        }
        return node;
    }

    /** Keys of an object node, sorted. */
    static Set<String> keysOf(final JsonNode node) {
        final Set<String> keys = new TreeSet<>();
        node.fieldNames().forEachRemaining(keys::add);
        return keys;
    }

    /** An insertion-ordered map from {@code key, value, key, value, ...}. */
    static Map<String, Object> map(final Object... keysAndValues) {
        if (keysAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("map() needs key/value pairs");
        }
        final Map<String, Object> out = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            out.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return out;
    }

    /** {@code base} plus the given pairs (later pairs win). */
    static Map<String, Object> with(final Map<String, Object> base, final Object... keysAndValues) {
        final Map<String, Object> out = new LinkedHashMap<>(base);
        out.putAll(map(keysAndValues));
        return out;
    }

    /** {@code base} without the given keys. */
    static Map<String, Object> without(final Map<String, Object> base, final String... keys) {
        final Map<String, Object> out = new LinkedHashMap<>(base);
        for (final String k : keys) {
            if (out.remove(k) == null) {
                throw new IllegalArgumentException("without(): " + k + " is not in " + base.keySet());
            }
        }
        return out;
    }

    /**
     * One dynamic test per expected key under {@code where} (the block is looked up lazily, when
     * the test runs), recursing into nested objects and one-element lists of objects, plus one
     * "exactly these keys" test per object. {@code block} supplies the object holding the keys.
     */
    static List<DynamicTest> keyTests(final String where, final Supplier<JsonNode> block, final Map<String, ?> expected) {
        if (expected.isEmpty()) {
            throw new IllegalArgumentException("no keys expected at " + where + "; such a test would be vacuous");
        }
        final List<DynamicTest> tests = new ArrayList<>();
        tests.add(DynamicTest.dynamicTest(where + " holds exactly " + new TreeSet<>(expected.keySet()), () -> {
            final JsonNode node = block.get();
            assertTrue(node.isObject(), where + " is not an object: " + node);
            assertEquals(new TreeSet<>(expected.keySet()), keysOf(node), "keys of " + where);
        }));
        for (final Map.Entry<String, ?> e : expected.entrySet()) {
            final String key = e.getKey();
            final Object value = e.getValue();
            final String path = where + "." + key;
            if (value instanceof Map<?, ?> nested) {
                tests.addAll(keyTests(path, () -> objectAt(block.get(), key, path), cast(nested)));
            } else if (value instanceof List<?> list && list.size() == 1 && list.get(0) instanceof Map<?, ?> only) {
                tests.add(DynamicTest.dynamicTest(path + " is a one-element list", () -> {
                    final JsonNode node = block.get().path(key);
                    assertTrue(node.isArray(), path + " is not a list: " + node);
                    assertEquals(1, node.size(), path + " size");
                }));
                tests.addAll(keyTests(path + "[0]", () -> objectAt(block.get().path(key), 0, path + "[0]"), cast(only)));
            } else {
                tests.add(DynamicTest.dynamicTest(path + " = " + value, () -> {
                    final JsonNode node = block.get();
                    assertTrue(node.has(key), path + " is missing; keys are " + keysOf(node));
                    assertEquals(MAPPER.valueToTree(value), node.get(key), path);
                }));
            }
        }
        return tests;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, ?> cast(final Map<?, ?> m) {
        return (Map<String, ?>) m;
    }

    private static JsonNode objectAt(final JsonNode parent, final String key, final String path) {
        final JsonNode node = parent.path(key);
        assertTrue(node.isObject(), path + " is not an object: " + node);
        return node;
    }

    private static JsonNode objectAt(final JsonNode parent, final int index, final String path) {
        final JsonNode node = parent.path(index);
        assertTrue(node.isObject(), path + " is not an object: " + node);
        return node;
    }

    /** A lazily synthesized stack, shared by the dynamic tests of one factory. */
    static Supplier<JsonNode> lazySynth(final Supplier<TerraformStack> build) {
        return new Supplier<>() {
            private JsonNode json;

            @Override
            public synchronized JsonNode get() {
                if (json == null) {
                    json = synth(build.get());
                }
                return json;
            }
        };
    }

    /** {@code supplier} then {@code dotted} within it. */
    static Supplier<JsonNode> path(final Supplier<JsonNode> root, final String dotted) {
        return () -> at(root.get(), dotted);
    }

    /**
     * Runs {@code action}, which must be refused by the library, and returns the library's own
     * message: the header line and its {@code - field: ...} lines (the Java exception also carries
     * the JavaScript stack after them).
     */
    static String refused(final Executable action) {
        final RuntimeException e = assertThrows(RuntimeException.class, action);
        final String message = e.getMessage();
        assertNotNull(message, "refusal without a message");
        final List<String> lines = Arrays.asList(message.split("\n"));
        final Iterator<String> it = lines.iterator();
        final List<String> own = new ArrayList<>();
        own.add(it.next());
        while (it.hasNext()) {
            final String line = it.next();
            if (!line.startsWith("- ")) {
                break;
            }
            own.add(line);
        }
        return String.join("\n", own);
    }

    /** Asserts the full header and that a {@code - field:} line names {@code field}. */
    static void assertRefusal(final String message, final String header, final String field) {
        assertTrue(message.startsWith(header + "\n"), "header of:\n" + message + "\nexpected: " + header);
        assertTrue(message.contains("\n- " + field + ": "), "no line for " + field + " in:\n" + message);
    }

    /** Asserts none of {@code secrets} appears in {@code text}. */
    static void assertNoSecrets(final String text, final String... secrets) {
        for (final String secret : secrets) {
            assertFalse(text.contains(secret), "secret " + secret + " leaked into:\n" + text);
        }
    }

    /**
     * The warnings shown on {@code construct} and everything below it, in tree order. Warnings are
     * shown at synth, when validations run, so this runs them first, as synth does.
     */
    static List<String> warnings(final IConstruct construct) {
        final List<IConstruct> all = construct.getNode().findAll();
        all.forEach(c -> c.getNode().validate());
        return all.stream()
            .flatMap(c -> c.getNode().getMetadata().stream())
            .filter(m -> "@cdktf/warn".equals(m.getType()))
            .map(MetadataEntry::getData)
            .map(String::valueOf)
            .collect(Collectors.toList());
    }
}
