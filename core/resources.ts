// The four guides of the Resources hub (/resources and /resources/{slug}). Everything here describes how
// the product works as specified in the owner-side and public-side specs; keep the two in step.

export type ResourceCategory = 'Profile Management' | 'Reputation Management';

export interface GuideSection {
  heading: string;
  paragraphs: string[];
  steps?: string[];
  tips?: string[];
}

export interface ResourceGuide {
  slug: string;
  title: string;
  category: ResourceCategory;
  summary: string;
  readMinutes: number;
  sections: GuideSection[];
}

const contentBlocks: ResourceGuide = {
  slug: 'content-blocks',
  title: 'Building Your Profile with Content Blocks',
  category: 'Profile Management',
  summary:
    'Learn the eleven block types, which ones show live FMCSA data, how to add pictures and custom content, and how to keep your capacity board current.',
  readMinutes: 5,
  sections: [
    {
      heading: 'What content blocks are',
      paragraphs: [
        'Your CarrierPage profile is made of content blocks, each one panel on your public page: your story, your equipment, your safety record, your available trucks. You decide which blocks appear, what they say and, in the Grid Layout tab, where they sit.',
        'To manage them, log in and open Edit Profile. The editor opens on the Content Blocks tab, which lists every block on your profile. A link at the top opens your live profile in a new browser tab, so you can check the result as a shipper or broker will see it.',
      ],
    },
    {
      heading: 'The eleven block types',
      paragraphs: [
        'There are eleven block types, each with a default title that appears in its title bar. Two are pictures: Profile Picture, for your logo or a photo of your company, and Header Image, the wide banner behind your company name. Both appear in the header area at the top of your page.',
        'Three tell your own story. About Our Company holds a few paragraphs on who you are, where you run and what you haul. Our Equipment is a photo gallery of your tractors and trailers; visitors can click a photo to see it full size. Custom Content holds anything else you want to say, written as text or basic HTML.',
        'Five show data you do not type in yourself. Safety Score summarises inspections, violations, out-of-service rates and crashes. Inspection Heat Map colours a map of the United States by where you were inspected in the past 12 months. Cargo & Carrier Information lists power units, drivers, mileage and the cargo types you are authorised to haul. Fleet Information describes your fleet. Customer Ratings shows the averages of the ratings your customers have given you.',
        'The last, Capacity Board, lists the trucks you have available, with date, trailer, origin and destination.',
      ],
      tips: [
        'Until a profile is claimed it shows four default blocks: Safety Score, Inspection Heat Map, Cargo & Carrier Information and Fleet Information.',
      ],
    },
    {
      heading: 'Adding, hiding and deleting blocks',
      paragraphs: [
        'Use the add control on the Content Blocks tab to place a new block. Only the types not yet on your profile are offered, because a profile holds one block of each type. Custom Content is the exception: you can add as many custom blocks as you like, for example one for your service area, one for your hiring page and one for certifications.',
        'A new block is visible straight away and starts empty, so fill it in before you share your page. If a block is not ready, hide it: hidden blocks stay in your editor with their content but disappear from the public page until you show them again. Deleting a block removes it for good, which is why the editor asks you to confirm first.',
      ],
    },
    {
      heading: 'Blocks that show real-time data',
      paragraphs: [
        'Safety Score, Inspection Heat Map, Cargo & Carrier Information, Fleet Information and Customer Ratings cannot be edited. They display real-time data: the first four are filled from FMCSA records for your DOT number, and Customer Ratings is calculated from the ratings your customers submit. The editor shows a note saying so when you select one of them.',
        'That is their value: a shipper or broker knows nobody, including you, has touched those numbers. If an FMCSA figure looks wrong, the fix is to correct the record with FMCSA; the block will follow.',
      ],
    },
    {
      heading: 'Writing text and custom content',
      paragraphs: [
        'Editing a block lets you change its title, its content and whether the title bar is shown. For About Our Company you can start from one of four ready-made texts (professional, family owned, safety focused and specialized) that can mention your city and state, then make it your own. Line breaks in the text become paragraphs on the page.',
        'Custom Content blocks accept basic HTML, so you can use headings, lists, links and emphasis. For the safety of everyone who visits, the HTML is sanitised before it is stored and shown: scripts and event handlers (such as onclick) are removed, and anything outside the allowed set of tags is dropped.',
      ],
      tips: [
        'Lead with what a shipper needs to decide: lanes, equipment, service area and how to reach dispatch.',
      ],
    },
    {
      heading: 'Pictures: profile, header and equipment',
      paragraphs: [
        'Image blocks accept JPEG, PNG or GIF files up to 5MB each. When you replace your profile picture or header image, a cropping tool opens first, with a zoom slider and buttons to rotate left, rotate right and crop. The profile picture is cropped to a 300x300 square and the header image to a 600x150 rectangle (a 4:1 ratio), and both are saved as JPEG. When you remove or replace a picture and save, the old file is deleted.',
        'Equipment photos are added to the block first and uploaded when you press Save Changes, so nothing goes public until you are happy with the set. Give each photo a short description where you can: it is used as the alternative text for visitors who use screen readers and as the title when a photo is opened full size.',
      ],
      tips: [
        'Choose a header image with the subject in the middle; it is shown wide and short, behind your company name.',
      ],
    },
    {
      heading: 'Keeping the capacity board current',
      paragraphs: [
        'The capacity board is managed on the Content Blocks tab. Each entry has a date, a trailer type, an origin and a destination, and entries can be added, edited and deleted (deleting asks for confirmation). Dates cannot be in the past. If a truck is available on any day, tick Available Anytime: the date field is disabled and the entry reads Anytime on your page.',
        'Add the Capacity Board block to show the list publicly. Brokers look for trucks, so an up-to-date board is one of the most useful things on your profile; clear out entries as soon as the truck is booked.',
      ],
    },
  ],
};

const gridLayout: ResourceGuide = {
  slug: 'grid-layout',
  title: 'Arranging Your Page with the Grid Layout Editor',
  category: 'Profile Management',
  summary:
    'Arrange your blocks on the four-column grid: choose widths, start new rows, drag blocks into order and save a layout that also works on phones.',
  readMinutes: 4,
  sections: [
    {
      heading: 'How the grid works',
      paragraphs: [
        'Your profile page is laid out on a four-column grid. Blocks are placed in rows, left to right, in the order you choose. Each block has a width, and a block can be told to start a new row, which is how you decide what sits side by side.',
        'The Grid Layout tab of the profile editor shows your visible blocks in their current order. Hidden blocks are not part of the layout; show them on the Content Blocks tab first if you want to place them. Your Profile Picture and Header Image are not in the rows either: they always appear in the header area at the top of the page.',
      ],
    },
    {
      heading: 'Choosing block widths',
      paragraphs: [
        'Every block has one of four widths. Full width spans the whole row. Half (1/2) takes half the row, so two half-width blocks sit side by side. Two-thirds (2/3) and one-third (1/3) are made to pair up: a two-thirds block next to a one-third block fills a row, and so do three one-third blocks.',
        'New blocks start at full width. Wide, busy blocks such as Safety Score, the Inspection Heat Map and your equipment gallery read best at full or two-thirds width; short blocks such as Customer Ratings or a small custom note fit well in a third.',
      ],
      tips: [
        'Plan each row so the widths add up to a full row; it looks tidier than a row with a gap at the end.',
        'Pair a two-thirds About Our Company block with a one-third Customer Ratings block to open your page strongly.',
      ],
    },
    {
      heading: 'Starting a new row',
      paragraphs: [
        'The first block always begins the first row. After that, blocks follow one another in the same row until a block marked start new row begins a fresh one. Set the row break on a block when you want it to open a new line, for example to keep your Safety Score on its own row below a pair of half-width blocks. Clear the row break to let the block join the row before it.',
      ],
    },
    {
      heading: 'Reordering blocks',
      paragraphs: [
        'Drag a block to move it. Reordering works with a mouse, on a touch screen and with the keyboard, so you can arrange your page from the office or from a tablet in the cab. With the keyboard, move focus to the block you want to move and follow the instructions the editor gives to move it with the arrow keys and drop it in place.',
        "Order matters most at the top. Visitors decide quickly whether to keep reading, so put the blocks that answer a shipper's first questions (who you are, what you haul, how safe you are) above the rest.",
      ],
      steps: [
        'Open Edit Profile and choose the Grid Layout tab.',
        'Drag blocks into the order you want, top to bottom and left to right.',
        "Set each block's width and, where needed, the start new row option.",
        'Press Save Layout.',
      ],
    },
    {
      heading: 'Saving your layout',
      paragraphs: [
        'Changes on the Grid Layout tab stay in the editor until you save them; your public page does not change while you experiment. As soon as you move a block, change a width or set a row break, the Save Layout button becomes active. When there is nothing new to save, the button is disabled and reads No Changes. Saving stores the new order, widths and row breaks together, and the button returns to No Changes.',
      ],
      tips: [
        'If you leave the editor without pressing Save Layout, your layout changes are not kept.',
        'After saving, use the link to your live profile to check the result in a new tab.',
      ],
    },
    {
      heading: 'How your layout looks on phones',
      paragraphs: [
        'Many dispatchers and brokers look carriers up on a phone. On small screens the grid stacks: every block is shown at full width, one under another, in the same order as on a computer. That is one more reason to put your most important blocks first, since the order is all a phone visitor sees.',
      ],
    },
  ],
};

const styleEditor: ResourceGuide = {
  slug: 'style-editor',
  title: 'Styling Your Profile with the Style Editor',
  category: 'Profile Management',
  summary:
    'Give your profile your company colours with the visual editor, a quick theme or your own CSS, preview the result and save it safely.',
  readMinutes: 3,
  sections: [
    {
      heading: 'Two ways to style your page',
      paragraphs: [
        'The Style Editor tab of the profile editor controls how your public profile looks. It offers two modes, and you can switch between them at any time. The visual editor gives you colour pickers for the parts of your page, such as backgrounds, text and headings, and writes the CSS for you. The code editor shows the CSS itself, for those who want full control over spacing, borders, fonts and more.',
        'Most carriers get a professional result with the visual editor alone. Use the code editor when you want something the colour pickers do not offer.',
      ],
    },
    {
      heading: 'Starting from a quick theme',
      paragraphs: [
        'Quick themes give you a finished look in one click. There are four: Blue Professional, Green Transport, Dark Modern and Clean Minimal. Pick the one closest to your brand, then adjust individual colours until it matches your trucks, your logo or your website.',
      ],
      tips: [
        'Dark Modern suits companies with dark liveries and bold logos; Clean Minimal keeps the focus on your photos.',
        'Choose colours with strong contrast between text and background so your page is easy to read in bright sunlight.',
      ],
    },
    {
      heading: 'Entering colours',
      paragraphs: [
        'Each colour can be picked from the colour picker or typed as a hex value in the text box next to it. A hex value has three or six digits after the # sign, for example #1d4ed8 or #fff. Leave the box empty if you do not want a custom colour for that part of the page. A typed colour is applied when you leave the box or press Enter, so you can type freely without the preview flickering at every keystroke.',
      ],
    },
    {
      heading: 'Previewing, saving and resetting',
      paragraphs: [
        'The live preview shows your profile with your styles as you work, and the preview toggle shows or hides it. Nothing is public until you save: press save and, when the styles are stored, the message CSS saved successfully! appears for a few seconds. If saving fails you will see Failed to save CSS changes; your work is still in the editor, so try again.',
        'Reset removes your custom styles and returns your profile to the standard CarrierPage look. Because that throws away your work, the editor asks you to confirm before it resets.',
      ],
      steps: [
        'Open Edit Profile and choose the Style Editor tab.',
        'Pick a quick theme or set your colours in the visual editor.',
        'Refine the CSS in the code editor if you need to.',
        'Check the live preview, then save.',
      ],
    },
    {
      heading: 'What custom CSS can and cannot do',
      paragraphs: [
        "Your CSS applies only to your own profile page. It is scoped to your profile, so it cannot change the CarrierPage header, footer or any other carrier's page. To keep every page safe and fast, a few things are removed when your CSS is saved: @import rules, url() references to other websites, and CSS expressions. Everything else standard CSS offers, from colours and fonts to borders, shadows and spacing, is yours to use.",
        'Because url() links to other websites are removed, use the Header Image, Profile Picture and Our Equipment blocks for your pictures rather than background images loaded from elsewhere.',
      ],
      tips: [
        'Test your page on a phone after styling: large margins and fixed widths that look fine on a computer can crowd a small screen.',
        'Keep a copy of your CSS before big experiments, so you can paste it back in the code editor if needed.',
      ],
    },
  ],
};

const requestRatings: ResourceGuide = {
  slug: 'request-ratings',
  title: 'Requesting Ratings from Your Customers',
  category: 'Reputation Management',
  summary:
    'Send rating links to the shippers and brokers you haul for, understand what they rate, and show your results with the Customer Ratings block.',
  readMinutes: 3,
  sections: [
    {
      heading: 'Why ratings matter',
      paragraphs: [
        'Safety data shows how you operate on the road; ratings show what it is like to work with you. A shipper or broker comparing carriers wants to know whether you pick up on time, answer the phone and deliver the freight in good condition. Ratings from real customers answer those questions better than any description you could write yourself.',
        'On CarrierPage, ratings come only from customers you invite. Each invitation is tied to a load, which keeps ratings honest and meaningful.',
      ],
    },
    {
      heading: 'Sending a rating request',
      paragraphs: [
        "When you are logged in, choose Request Rating in the site header. The Request Rating page asks for two things, and both are required: the reviewer's e-mail address and the load number the rating is about. Press Send Request and the reviewer is e-mailed a link to rate you. When the request has been sent you will see Rating request sent successfully! and be taken back to the home page.",
      ],
      steps: [
        'Log in and choose Request Rating in the header.',
        "Enter the e-mail address of the person who handled the load on the customer's side.",
        'Enter the load number, exactly as it appears on the rate confirmation or bill of lading.',
        'Press Send Request.',
      ],
    },
    {
      heading: 'What your customer sees',
      paragraphs: [
        'The e-mailed link opens a short rating form showing your company name and the load number. The reviewer gives one to five stars for each of three things: On-Time Performance, Communication and Service Quality. All three are needed before the rating can be submitted, and there is an optional comments box for anything they want to add. No account or login is needed.',
        'Each link can be used once. After the rating is submitted the reviewer sees a thank-you page, and opening the link again shows that the rating has already been submitted.',
      ],
    },
    {
      heading: 'One request per reviewer per week',
      paragraphs: [
        'To protect your customers from repeated e-mails, you can send the same reviewer only one request per week. If you try again sooner, the page tells you: This reviewer has already been sent a request within the last week. Wait until the week has passed, or ask a different contact who worked on the load.',
      ],
    },
    {
      heading: 'Showing your ratings',
      paragraphs: [
        'Add the Customer Ratings block on the Content Blocks tab to show your ratings on your profile. It displays your overall rating out of 5 as stars with one decimal place, your averages for on-time performance, communication and service, the total number of ratings, how many ratings earned each number of stars, and the five newest comments. Until the first rating arrives, the block says that no ratings are available yet.',
        'You cannot edit the Customer Ratings block or the ratings themselves: they come straight from your customers, which is exactly why visitors trust them. Your rating summary also appears in Settings, under Company Info.',
      ],
    },
    {
      heading: 'Getting the most from ratings',
      paragraphs: [
        "The best time to ask is right after a successful delivery, while the load is fresh in the customer's mind. Make it part of your routine: when the proof of delivery goes out, the rating request goes out too.",
      ],
      tips: [
        'Ask the person who actually worked with your dispatch on the load, not a general company inbox.',
        'Mention the request in your delivery e-mail or call so the customer expects the link.',
        'Ask regularly, not only after your best loads. A steady stream of ratings is more convincing than a handful.',
        'Place the Customer Ratings block near the top of your page in the Grid Layout tab.',
      ],
    },
  ],
};

export const RESOURCE_GUIDES: readonly ResourceGuide[] = [
  contentBlocks,
  gridLayout,
  styleEditor,
  requestRatings,
];

/** The guide with this slug, or undefined when there is none. */
export function findResourceGuide(slug: string): ResourceGuide | undefined {
  return RESOURCE_GUIDES.find((guide) => guide.slug === slug);
}
