import java.util.List;
import java.util.stream.Collectors;

/** Sums port numbers read as text; one is not a number. */
public class App {
    static int parsePort(String s) {
        return Integer.parseInt(s.trim());
    }

    static int total(List<String> ports) {
        return ports.stream().map(App::parsePort).collect(Collectors.summingInt(Integer::intValue));
    }

    public static void main(String[] args) {
        System.out.println("summing ports");
        System.out.println(total(List.of("80", "443", "80a")));
    }
}
